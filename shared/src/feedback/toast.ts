import { notifications } from '@mantine/notifications';

const AUTO_CLOSE_MS = 5000;

/** A short confirmation that something the user did worked. */
export function toastSuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message, autoClose: AUTO_CLOSE_MS });
}

/** Something the user did, or waited for, failed; stays a little longer. */
export function toastFailure(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, autoClose: AUTO_CLOSE_MS * 2 });
}
