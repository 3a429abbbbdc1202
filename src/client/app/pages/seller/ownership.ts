import type { ReplicaExcursion, User } from '../../../../domain/types';

/**
 * SPEC §6: a seller manages only their own excursions. An admin may open any seller page and editor,
 * but not the schedule page, which needs ownership (`adminExempt: false`). Owning gives no right
 * without the role: a seller demoted to user manages none of their excursions. The server applies
 * the same rule to every write.
 */
export function canManage(
  user: User,
  excursion: ReplicaExcursion,
  options: { adminExempt: boolean },
): boolean {
  if (user.role === 'user') return false;
  return excursion.ownerID === user.id || (options.adminExempt && user.role === 'admin');
}

/** Whether the user's role has seller screens at all (SPEC §2: 'Мои экскурсии' for sellers and admins). */
export function hasSellerScreens(user: User): boolean {
  return user.role === 'seller' || user.role === 'admin';
}
