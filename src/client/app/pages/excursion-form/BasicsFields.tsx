import type { SectionProps } from './form-props';
import { TextArea, TextField } from './fields';
import { FIELDS } from './strings';

/** Wizard step 0 and the editor's 'Основное': the title and the description (SPEC §5: not empty). */
export function BasicsFields({ values, update }: SectionProps) {
  return (
    <>
      <TextField label={FIELDS.title} required value={values.title} onChange={(title) => update({ title })} />
      <TextArea
        label={FIELDS.description}
        required
        value={values.description}
        onChange={(description) => update({ description })}
      />
    </>
  );
}
