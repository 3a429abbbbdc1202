import {
  digitsOnly,
  parseFreeCancelHours,
  servicesProblem,
  type ServiceDraft,
} from '../../../../domain/excursion-form-values';
import type { SectionProps } from './form-props';
import { CheckField, NumberField } from './fields';
import { AddButton } from './list-fields';
import { FormIcon } from './icons';
import { PRICES } from './strings';

/**
 * Wizard step 3 and the editor's 'Стоимость' (SPEC §5): the adult price above 0; child prices only
 * when children are allowed; entry prices hidden while 'Нет входных билетов' is ticked; services; the
 * free-cancellation window.
 */
export function PriceFields({ values, update }: SectionProps) {
  const kids = values.childrenAllowed;
  return (
    <>
      <div className="xf-pair">
        <NumberField
          label={PRICES.adultPrice}
          required
          value={values.adultPrice}
          onChange={(adultPrice) => update({ adultPrice })}
        />
        {kids && (
          <NumberField
            label={PRICES.kidPrice}
            value={values.kidPrice}
            onChange={(kidPrice) => update({ kidPrice })}
          />
        )}
      </div>
      {!kids && <p className="xf-hint xf-block-hint">{PRICES.kidHint}</p>}
      <CheckField
        label={PRICES.noEntryTickets}
        checked={values.noEntryTickets}
        onChange={(noEntryTickets) => update({ noEntryTickets })}
      />
      {!values.noEntryTickets && (
        <>
          <div className="xf-pair">
            <NumberField
              label={PRICES.adultEntryPrice}
              value={values.adultEntryPrice}
              onChange={(adultEntryPrice) => update({ adultEntryPrice })}
            />
            {kids && (
              <NumberField
                label={PRICES.kidEntryPrice}
                value={values.kidEntryPrice}
                onChange={(kidEntryPrice) => update({ kidEntryPrice })}
              />
            )}
          </div>
          <p className="xf-hint xf-block-hint">{PRICES.entryHint}</p>
        </>
      )}
      <ServicesField services={values.services} onChange={(services) => update({ services })} />
      <NumberField
        label={PRICES.freeCancelHours}
        required
        hint={PRICES.freeCancelHint}
        value={values.freeCancelHours}
        onChange={(freeCancelHours) => update({ freeCancelHours })}
      />
      {!Number.isFinite(parseFreeCancelHours(values.freeCancelHours)) && (
        <p className="xf-error" role="alert">
          {PRICES.freeCancelProblem}
        </p>
      )}
    </>
  );
}

function ServicesField({
  services,
  onChange,
}: {
  services: readonly ServiceDraft[];
  onChange: (services: ServiceDraft[]) => void;
}) {
  const problem = servicesProblem(services);
  const set = (index: number, patch: Partial<ServiceDraft>) =>
    onChange(services.map((service, i) => (i === index ? { ...service, ...patch } : service)));
  return (
    <fieldset className="xf-fieldset">
      <legend className="xf-label">{PRICES.services}</legend>
      {services.length === 0 && <p className="xf-hint">{PRICES.noServices}</p>}
      <ol className="xf-services">
        {services.map((service, index) => (
          <li key={index}>
            <input
              className="xf-input"
              value={service.name}
              maxLength={200}
              placeholder={PRICES.namePlaceholder}
              aria-label={PRICES.serviceName(index + 1)}
              onChange={(event) => set(index, { name: event.target.value })}
            />
            <input
              className="xf-input xf-service-price"
              inputMode="numeric"
              autoComplete="off"
              value={service.price}
              placeholder="0 ₽"
              aria-label={PRICES.servicePrice(index + 1)}
              onChange={(event) => set(index, { price: digitsOnly(event.target.value) })}
            />
            <button
              type="button"
              className="xf-icon-button"
              aria-label={PRICES.removeService(index + 1)}
              onClick={() => onChange(services.filter((_, i) => i !== index))}
            >
              <FormIcon name="trash" />
            </button>
          </li>
        ))}
      </ol>
      {problem && (
        <p className="xf-error" role="alert">
          {PRICES.servicesProblem[problem]}
        </p>
      )}
      <AddButton label={PRICES.addService} onClick={() => onChange([...services, { name: '', price: '' }])} />
    </fieldset>
  );
}
