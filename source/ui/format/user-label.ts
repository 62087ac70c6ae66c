import type { User } from '../../discord/model.js';

/** How the header names an account: its display name, else its username. */
export function userLabel(user: User): string {
  return user.global_name ?? user.username;
}
