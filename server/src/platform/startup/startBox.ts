/** A plain box around lines, so the address and a first password stand out from the log. */
export function boxed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const edge = `+${'-'.repeat(width + 2)}+`;
  return [edge, ...lines.map((line) => `| ${line.padEnd(width)} |`), edge].join('\n');
}

/** What the operator needs once the server listens: where to open it and, on a first start, how to sign in. */
export function startMessage(url: string, admin: { email: string; password: string } | null): string {
  const lines = [`Auditdesk is running: open ${url}`];
  if (admin)
    lines.push(
      '',
      'First start: sign in as the admin this start created',
      `  e-mail:   ${admin.email}`,
      `  password: ${admin.password}`,
      'This password is shown only now. Lost it? Run',
      `  pnpm users reset-password ${admin.email}`,
    );
  return `\n${boxed(lines)}\n\n`;
}
