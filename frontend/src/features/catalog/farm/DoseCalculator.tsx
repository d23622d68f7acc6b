import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/client';
import { useAddToServerCart } from '../../../shared/cart/api';
import { addToCart } from '../../../shared/cart/localCart';
import { useCart } from '../../../shared/cart/useCart';
import { usePrice } from '../../../shared/format';
import controls from '../../../shared/ui/controls.module.css';
import { AREA_UNITS, useDose, type AreaUnit, type CropUse } from './api';

/** The uses a farmer can pick: one per crop and pest, in the label's order. */
function choices(uses: CropUse[]) {
  return uses
    .filter((use) => use.crop)
    .map((use, index) => ({ key: String(index), crop: use.crop!, pest: use.pest ?? undefined, use }));
}

/** Whether a use's rate is in water but the label gives no water per feddan: an area cannot
 * become an amount, sprayers can. */
function countsSprayersOnly(use: CropUse): boolean {
  return /_per_(20|100)l$/.test(use.rate_unit ?? '') && use.water_per_feddan == null;
}

/** How much of the product a field needs and which packs to buy, for an area in feddan, qirat,
 * m² or 20-litre sprayers (Arabic digits welcome), starting on the crop and pest the link names;
 * one tap puts those packs in the cart. */
export function DoseCalculator({ productId, uses }: { productId: number; uses: CropUse[] }) {
  const intl = useIntl();
  const price = usePrice();
  const id = useId();
  const options = choices(uses);
  // A link may name the farmer's crop and pest (`?crop=tomato&pest=aphids`, or either): their
  // use first.
  const [params] = useSearchParams();
  const [crop, pest] = [params.get('crop'), params.get('pest')];
  const asked =
    options.find((option) => option.crop.slug === crop && (option.pest?.slug ?? null) === pest) ??
    options.find((option) => (crop ? option.crop.slug === crop : option.pest?.slug === pest));
  const [choice, setChoice] = useState((asked ?? options[0])?.key ?? '');
  const [area, setArea] = useState('');
  const [unit, setUnit] = useState<AreaUnit>('feddan');
  const [added, setAdded] = useState(false);
  const dose = useDose();
  const { onServer } = useCart();
  const addToServer = useAddToServerCart();
  if (options.length === 0) return null;
  const chosen = options.find((option) => option.key === choice) ?? options[0]!;
  const sprayersOnly = countsSprayersOnly(chosen.use);
  const units: readonly AreaUnit[] = sprayersOnly ? ['sprayer_20l'] : AREA_UNITS;
  const shownUnit = sprayersOnly ? 'sprayer_20l' : unit;

  const refusal =
    dose.error instanceof ApiError ? (Object.values(dose.error.firstMessages())[0] ?? dose.error.message) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(false);
    dose.mutate({
      product_id: productId,
      crop: chosen.crop.slug,
      pest: chosen.pest?.slug,
      area,
      area_unit: shownUnit,
    });
  };
  const addPacks = async () => {
    // As the product page's button adds: to the product's line when it has one.
    for (const { product_id: id, quantity } of dose.data?.data.packs ?? []) {
      if (onServer) await addToServer.mutateAsync({ id, quantity });
      else addToCart(id, quantity);
    }
    setAdded(true);
  };
  const result = dose.data?.data;

  return (
    <section
      className={`${controls.card} ${controls.stackSm}`}
      data-testid="dose-calculator"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className={controls.title}>
        <FormattedMessage id="dose.title" />
      </h2>
      <form className={controls.stackSm} onSubmit={submit} noValidate>
        <label className={controls.label} htmlFor={`${id}-use`}>
          <FormattedMessage id="dose.use" />
        </label>
        <select
          id={`${id}-use`}
          className={`${controls.input} ${controls.select}`}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.key} value={option.key}>
              {option.pest ? `${option.crop.name} — ${option.pest.name}` : option.crop.name}
            </option>
          ))}
        </select>
        <label className={controls.label} htmlFor={`${id}-area`}>
          <FormattedMessage id="dose.area" />
        </label>
        <div className={controls.row}>
          <input
            id={`${id}-area`}
            className={controls.input}
            inputMode="decimal"
            value={area}
            onChange={(event) => setArea(event.target.value)}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${id}-refusal` : undefined}
          />
          <select
            aria-label={intl.formatMessage({ id: 'dose.unit' })}
            className={`${controls.input} ${controls.select}`}
            value={shownUnit}
            onChange={(event) => setUnit(event.target.value as AreaUnit)}
          >
            {units.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage({ id: `dose.unit.${value}` })}
              </option>
            ))}
          </select>
        </div>
        {sprayersOnly && (
          <p className={`${controls.text} ${controls.dimmed} ${controls.small}`} data-testid="dose-sprayers-only">
            <FormattedMessage id="dose.sprayers_only" />
          </p>
        )}
        {refusal && (
          <p id={`${id}-refusal`} className={controls.error} role="alert">
            {refusal}
          </p>
        )}
        <button type="submit" className={`${controls.button} ${controls.light}`} disabled={dose.isPending}>
          <FormattedMessage id="dose.reckon" />
        </button>
      </form>
      {result && (
        <div className={controls.stackXs} data-testid="dose-result" aria-live="polite">
          <p className={controls.text}>
            <FormattedMessage
              id="dose.amount"
              values={{
                amount: intl.formatNumber(result.amount),
                unit: intl.formatMessage({ id: `dose.base.${result.unit}` }),
              }}
            />
          </p>
          {result.water_l != null && result.tank_fills != null && (
            <p className={controls.text}>
              <FormattedMessage
                id="dose.water"
                values={{ litres: intl.formatNumber(result.water_l), fills: result.tank_fills }}
              />
            </p>
          )}
          {result.phi_days != null && (
            <p className={controls.text}>
              <FormattedMessage id="dose.phi" values={{ days: result.phi_days }} />
            </p>
          )}
          {result.packs.length > 0 && (
            <>
              <p className={controls.text}>
                <FormattedMessage
                  id="dose.packs"
                  values={{ count: result.packs.reduce((sum, pack) => sum + pack.quantity, 0) }}
                />
              </p>
              <ul className={controls.text} data-testid="dose-packs">
                {result.packs.map((line) => (
                  <li key={line.product_id}>
                    <FormattedMessage
                      id="dose.pack_line"
                      values={{
                        quantity: line.quantity,
                        size: intl.formatMessage(
                          { id: `dose.pack_size.${line.pack.unit}` },
                          { size: intl.formatNumber(Number(line.pack.size)) },
                        ),
                        name: <bdi>{line.name}</bdi>,
                        price: price(line.price * line.quantity),
                      }}
                    />
                  </li>
                ))}
              </ul>
              <p className={controls.text} data-testid="dose-total">
                <strong>
                  <FormattedMessage id="dose.total" values={{ total: price(result.total) }} />
                </strong>
              </p>
              <button type="button" className={controls.button} onClick={addPacks}>
                <FormattedMessage id="dose.add" />
              </button>
            </>
          )}
          {added && (
            <p className={`${controls.text} ${controls.accepted}`} role="status">
              <FormattedMessage id="dose.added" />
            </p>
          )}
        </div>
      )}
    </section>
  );
}
