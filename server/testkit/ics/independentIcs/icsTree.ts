/**
 * A reading of ICS text that shares no code with ical.js or the sync's reader (RFC 5545
 * §3.1: unfold, then NAME;PARAM=VALUE:VALUE per line), for the differential test.
 */
export interface Line {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface Node {
  name: string;
  lines: Line[];
  children: Node[];
}

function parseLine(text: string): Line | null {
  let inQuotes = false;
  let colon = -1;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '"') inQuotes = !inQuotes;
    else if (char === ':' && !inQuotes) {
      colon = index;
      break;
    }
  }
  if (colon < 0) return null;
  const [name, ...rawParams] = splitOutsideQuotes(text.slice(0, colon), ';');
  const params: Record<string, string> = {};
  for (const raw of rawParams) {
    const equals = raw.indexOf('=');
    if (equals > 0) params[raw.slice(0, equals).toUpperCase()] = raw.slice(equals + 1).replace(/^"|"$/g, '');
  }
  return { name: name!.toUpperCase(), params, value: text.slice(colon + 1) };
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let inQuotes = false;
  for (const char of text) {
    if (char === '"') inQuotes = !inQuotes;
    if (char === separator && !inQuotes) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

export function icsTree(text: string): Node[] {
  const unfolded = text.replace(/^\uFEFF/, '').replace(/\r?\n[ \t]/g, '');
  const root: Node = { name: 'ROOT', lines: [], children: [] };
  const stack = [root];
  for (const raw of unfolded.split(/\r?\n/)) {
    const line = parseLine(raw);
    if (!line) continue;
    if (line.name === 'BEGIN') {
      const node: Node = { name: line.value.trim().toUpperCase(), lines: [], children: [] };
      stack.at(-1)!.children.push(node);
      stack.push(node);
    } else if (line.name === 'END') {
      if (stack.length > 1) stack.pop();
    } else stack.at(-1)!.lines.push(line);
  }
  return root.children;
}

export const first = (node: Node, name: string) => node.lines.find((line) => line.name === name);
export const all = (node: Node, name: string) => node.lines.filter((line) => line.name === name);
export const unescapeText = (value: string) => value.replace(/\\([\\;,])/g, '$1').replace(/\\[nN]/g, '\n');
