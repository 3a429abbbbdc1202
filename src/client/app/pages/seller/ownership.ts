import type { ReplicaExcursion, User } from '../../../../domain/types';

/**
 * SPEC §6: a seller manages only their own excursions. An admin may open any seller page and editor,
 * but not the schedule page, which needs ownership (`adminExempt: false`). The server applies the
 * same rule to every write.
 */
export function canManage(
  user: User,
  excursion: ReplicaExcursion,
  options: { adminExempt: boolean },
): boolean {
  return excursion.ownerID === user.id || (options.adminExempt && user.role === 'admin');
}
