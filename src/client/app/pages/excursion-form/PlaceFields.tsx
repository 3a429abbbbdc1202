import { EDITOR_CATEGORIES } from '../../../../domain/types';
import { useCities, usePlaces } from '../../hooks/places';
import type { SectionProps } from './form-props';
import { SelectField } from './fields';
import { FIELDS } from './strings';

const CATEGORY_OPTIONS = EDITOR_CATEGORIES.map((category) => ({ value: category, label: category }));

/**
 * Category, city and historical place (SPEC §5 step 2: all chosen, never the placeholder). Cities and
 * places come from the replica, so the lists are there offline too.
 */
export function PlaceFields({ values, update }: SectionProps) {
  const cities = useCities();
  const places = usePlaces();
  // An excursion stored with a category the editor does not offer keeps it as a choice.
  const categories =
    CATEGORY_OPTIONS.some((o) => o.value === values.category) || values.category === ''
      ? CATEGORY_OPTIONS
      : [...CATEGORY_OPTIONS, { value: values.category, label: values.category }];
  return (
    <>
      <SelectField
        label={FIELDS.category}
        required
        value={values.category}
        placeholder={FIELDS.categoryPlaceholder}
        options={categories}
        onChange={(category) => update({ category })}
      />
      <SelectField
        label={FIELDS.city}
        required
        value={values.city}
        placeholder={cities ? FIELDS.cityPlaceholder : FIELDS.listsLoading}
        options={withCurrent(
          (cities ?? []).map((city) => ({ value: city.name, label: city.name })),
          values.city,
        )}
        onChange={(city) => update({ city })}
      />
      <SelectField
        label={FIELDS.place}
        required
        value={values.place === null ? '' : String(values.place)}
        placeholder={places ? FIELDS.placePlaceholder : FIELDS.listsLoading}
        options={(places ?? []).map((place) => ({ value: String(place.id), label: place.name }))}
        onChange={(place) => update({ place: place === '' ? null : Number(place) })}
      />
    </>
  );
}

/** A stored city missing from the list (renamed since) still shows as the current choice. */
function withCurrent(options: { value: string; label: string }[], current: string) {
  return current === '' || options.some((o) => o.value === current)
    ? options
    : [...options, { value: current, label: current }];
}
