import { DIFFICULTIES } from '../../../../domain/types';
import type { SectionProps } from './form-props';
import { CheckField, ChoiceField, TextField } from './fields';
import { TextListField } from './list-fields';
import { FIELDS } from './strings';

const DIFFICULTY_OPTIONS = DIFFICULTIES.map((difficulty) => ({ value: difficulty, label: difficulty }));

/** Duration, lunch, difficulty, children, and what is (not) included: step 2 and 'Дополнительно'. */
export function TripFields({ values, update }: SectionProps) {
  return (
    <>
      <TextField
        label={FIELDS.duration}
        required
        value={values.duration}
        placeholder={FIELDS.durationPlaceholder}
        onChange={(duration) => update({ duration })}
      />
      <TextField
        label={FIELDS.lunch}
        hint={FIELDS.lunchHint}
        value={values.lunchDuration}
        placeholder={FIELDS.lunchPlaceholder}
        onChange={(lunchDuration) => update({ lunchDuration })}
      />
      <ChoiceField
        label={FIELDS.difficulty}
        value={values.difficulty}
        options={DIFFICULTY_OPTIONS}
        onChange={(difficulty) => update({ difficulty })}
      />
      <CheckField
        label={FIELDS.children}
        checked={values.childrenAllowed}
        onChange={(childrenAllowed) => update({ childrenAllowed })}
      />
      <TextListField
        label={FIELDS.included}
        items={values.included}
        onChange={(included) => update({ included })}
        itemLabel={FIELDS.includedItem}
        addLabel={FIELDS.addIncluded}
      />
      <TextListField
        label={FIELDS.notIncluded}
        items={values.notIncluded}
        onChange={(notIncluded) => update({ notIncluded })}
        itemLabel={FIELDS.notIncludedItem}
        addLabel={FIELDS.addNotIncluded}
      />
    </>
  );
}
