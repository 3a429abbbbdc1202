import type { SectionProps } from './form-props';
import { TextListField } from './list-fields';
import { FIELDS } from './strings';

/** Wizard step 1 and the editor's 'Маршрут': route stages and assembly points (the first of each required). */
export function RouteFields({ values, update }: SectionProps) {
  return (
    <>
      <TextListField
        label={FIELDS.directions}
        required
        items={values.directions}
        onChange={(directions) => update({ directions })}
        itemLabel={FIELDS.direction}
        addLabel={FIELDS.addDirection}
      />
      <TextListField
        label={FIELDS.assemblyPoints}
        required
        items={values.assemblyPoints}
        onChange={(assemblyPoints) => update({ assemblyPoints })}
        itemLabel={FIELDS.assemblyPoint}
        addLabel={FIELDS.addAssemblyPoint}
      />
    </>
  );
}
