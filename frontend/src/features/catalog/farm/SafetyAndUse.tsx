import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { DAY } from '../../../shared/format';
import controls from '../../../shared/ui/controls.module.css';
import type { Agronomy, CropUse } from './api';

/** What is in the product, its registration and hazard in words and pictograms, and one card
 * per crop and pest with how much goes on and how long to wait — the same block, in the same
 * classes, the server paints for scripts-off readers. */
export function SafetyAndUse({ agronomy }: { agronomy: Agronomy }) {
  const intl = useIntl();
  const ingredients = agronomy.active_ingredients ?? [];
  const pictograms = agronomy.ghs_pictograms ?? [];
  const uses = agronomy.uses ?? [];
  return (
    <section
      className={`${controls.card} ${controls.stackSm} fp-agronomy`}
      aria-label={intl.formatMessage({ id: 'agronomy.title' })}
      data-testid="safety-and-use"
    >
      <h2 className={controls.title}>
        <FormattedMessage id="agronomy.title" />
      </h2>
      <dl className="fp-facts">
        {ingredients.length > 0 && (
          <>
            <dt>
              <FormattedMessage id="agronomy.ingredients" />
            </dt>
            {ingredients.map((ingredient) => (
              <dd key={ingredient.ingredient_id}>
                {ingredient.name}{' '}
                <bdi>
                  {ingredient.concentration} {ingredient.unit}
                </bdi>
              </dd>
            ))}
          </>
        )}
        {agronomy.formulation && (
          <>
            <dt>
              <FormattedMessage id="agronomy.formulation" />
            </dt>
            <dd>
              <FormattedMessage id={`agronomy.formulation.${agronomy.formulation}`} />
            </dd>
          </>
        )}
        {agronomy.registration_no && (
          <>
            <dt>
              <FormattedMessage id="agronomy.registration" />
            </dt>
            <dd>
              <bdi>{agronomy.registration_no}</bdi>
              {agronomy.registration_expires_on && (
                <>
                  {' · '}
                  <FormattedMessage id="agronomy.valid_until" />{' '}
                  {intl.formatDate(agronomy.registration_expires_on, { ...DAY, timeZone: 'UTC' })}
                </>
              )}
            </dd>
          </>
        )}
        {agronomy.who_class && (
          <>
            <dt>
              <FormattedMessage id="agronomy.who_class" />
            </dt>
            <dd>
              <FormattedMessage id={`agronomy.who.${agronomy.who_class}`} />
            </dd>
          </>
        )}
        {pictograms.length > 0 && (
          <>
            <dt>
              <FormattedMessage id="agronomy.pictograms" />
            </dt>
            <dd>
              <ul className="fp-ghs-list">
                {pictograms.map((code) => (
                  <li key={code}>
                    <span className={`fp-ghs fp-ghs-${code}`} aria-hidden="true" />
                    <FormattedMessage id={`agronomy.ghs.${code}`} />
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {(agronomy.label_url || agronomy.sds_url) && (
          <>
            <dt>
              <FormattedMessage id="agronomy.documents" />
            </dt>
            {agronomy.label_url && (
              <dd>
                <a href={agronomy.label_url} type="application/pdf" data-testid="label-pdf">
                  <FormattedMessage id="agronomy.label" />
                </a>
              </dd>
            )}
            {agronomy.sds_url && (
              <dd>
                <a href={agronomy.sds_url} type="application/pdf" data-testid="sds-pdf">
                  <FormattedMessage id="agronomy.sds" />
                </a>
              </dd>
            )}
          </>
        )}
      </dl>
      {uses.length > 0 && (
        <ul className="fp-uses">
          {uses.map((use, index) => (
            <UseCard key={index} use={use} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One use: the crop and what it is against, then its rate, water, and the waits. */
function UseCard({ use }: { use: CropUse }) {
  const intl = useIntl();
  const purpose = intl.locale.startsWith('ar') ? use.purpose_ar : use.purpose_en;
  return (
    <li className="fp-use" data-testid="use-card">
      <h3>
        {use.crop && <Link to={`/crops/${use.crop.slug}`}>{use.crop.name}</Link>}
        {use.pest ? (
          <>
            {' — '}
            <Link to={`/pests/${use.pest.slug}`}>{use.pest.name}</Link>
          </>
        ) : (
          purpose && ` — ${purpose}`
        )}
      </h3>
      <dl>
        <dt>
          <FormattedMessage id="agronomy.rate" />
        </dt>
        <dd>
          <bdi>
            {use.rate_from}–{use.rate_to}
          </bdi>{' '}
          <FormattedMessage id={`agronomy.rate_unit.${use.rate_unit}`} />
        </dd>
        {use.water_per_feddan != null && (
          <>
            <dt>
              <FormattedMessage id="agronomy.water" />
            </dt>
            <dd>
              <FormattedMessage
                id="agronomy.water_per_feddan"
                values={{ litres: intl.formatNumber(use.water_per_feddan) }}
              />
            </dd>
          </>
        )}
        {use.phi_days != null && (
          <>
            <dt>
              <FormattedMessage id="agronomy.phi" />
            </dt>
            <dd>
              <FormattedMessage id="agronomy.phi_days" values={{ days: use.phi_days }} />
            </dd>
          </>
        )}
        {use.reentry_hours != null && (
          <>
            <dt>
              <FormattedMessage id="agronomy.reentry" />
            </dt>
            <dd>
              <FormattedMessage id="agronomy.reentry_hours" values={{ hours: use.reentry_hours }} />
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}
