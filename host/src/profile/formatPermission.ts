/** `data_synchronization` → `Data Synchronization`. */
export function formatPermission(permission: string): string {
  return permission
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const DEFAULT_ADMIN_PERMISSIONS = [
  'Full system access',
  'User management',
  'Data synchronization',
  'Lead management',
];
