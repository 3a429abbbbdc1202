import { pluralize } from '../../../../domain/plural';
import { EXCURSION_FORMS } from './strings';

/** '1 экскурсия', '3 экскурсии', '12 экскурсий'. */
export function excursionCount(count: number): string {
  return `${count} ${pluralize(count, EXCURSION_FORMS)}`;
}
