import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import controls from '../../../shared/ui/controls.module.css';
import type { Agronomy } from './api';

/** What is in the product, its registration and hazard, and how much goes on which crop with
 * the days to wait before harvest — the same block the server paints for scripts-off readers. */
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
      <dl>
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
              <bdi>{agronomy.formulation}</bdi>
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
                  <FormattedMessage id="agronomy.valid_until" /> <bdi>{agronomy.registration_expires_on}</bdi>
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
              <bdi>{agronomy.who_class}</bdi>
            </dd>
          </>
        )}
        {pictograms.length > 0 && (
          <>
            <dt>
              <FormattedMessage id="agronomy.pictograms" />
            </dt>
            <dd>
              <bdi>{pictograms.join(' · ')}</bdi>
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
        <div>
          <table className="fp-uses">
            <thead>
              <tr>
                {['agronomy.crop', 'agronomy.pest', 'agronomy.rate', 'agronomy.phi', 'agronomy.reentry'].map((id) => (
                  <th key={id} scope="col">
                    <FormattedMessage id={id} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {uses.map((use, index) => (
                <tr key={index}>
                  <td>{use.crop && <Link to={`/crops/${use.crop.slug}`}>{use.crop.name}</Link>}</td>
                  <td>{use.pest && <Link to={`/pests/${use.pest.slug}`}>{use.pest.name}</Link>}</td>
                  <td>
                    <bdi>
                      {use.rate_from}–{use.rate_to}
                    </bdi>{' '}
                    <FormattedMessage id={`agronomy.rate_unit.${use.rate_unit}`} />
                  </td>
                  <td>{use.phi_days ?? ''}</td>
                  <td>{use.reentry_hours ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
