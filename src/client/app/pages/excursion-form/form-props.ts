import type { ExcursionFormValues } from '../../../../domain/excursion-form-values';

/** What every section of the wizard and the editor gets: the form and a way to change part of it. */
export interface SectionProps {
  values: ExcursionFormValues;
  update: (patch: Partial<ExcursionFormValues>) => void;
}
