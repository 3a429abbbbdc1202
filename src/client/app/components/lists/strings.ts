// User-facing texts of the shared excursion-list pieces (SPEC §2, §8 verbatim where quoted).
import type { PluralForms } from '../../../../domain/strings';

export const LISTS = {
  sortLabel: 'Порядок экскурсий',
  loading: 'Loading...',
  loadingExcursions: 'Loading excursions...',
  noExcursions: 'No available excursions',
} as const;

/** Nominative forms for '1 экскурсия', '3 экскурсии', '5 экскурсий'. */
export const EXCURSION_FORMS = ['экскурсия', 'экскурсии', 'экскурсий'] as const satisfies PluralForms;
