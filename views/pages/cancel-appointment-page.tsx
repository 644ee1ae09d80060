import type { ReactElement } from 'react';
import type { EstateCard as EstateCardModel } from '../../src/estates/display/estate-card.js';
import { Alert } from '../components/alert.js';
import { EstateCard } from '../components/estate-card.js';
import { Field, type FormFieldState } from '../fragments/inquiry-forms.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';
import type { BotCheckView } from '../components/bot-check-field.js';
import { PageForm } from '../components/page-form.js';

export interface CancelAppointmentModel {
  readonly state: 'planned' | 'cancelled' | 'past';
  readonly date: string;
  readonly time: string;
  readonly cancelledOn: string | null;
  readonly visitorName: string;
  readonly agentName: string;
  readonly card: EstateCardModel | null;
  readonly form: { readonly action: string; readonly reason: FormFieldState; readonly refused: boolean; readonly botCheck: BotCheckView | null };
}

/** The appointment and the one button, or what became of it; htmx swaps the form for the confirmation. */
export function CancelAppointmentForm({ ctx, model }: { ctx: PageContext; model: CancelAppointmentModel }): ReactElement {
  const { t } = ctx;
  if (model.state === 'cancelled') {
    return (
      <Alert variant="info" id="cancel-appointment">
        <p>{t('flows.appointment.cancelled', { date: model.cancelledOn ?? '' })}</p>
      </Alert>
    );
  }
  if (model.state === 'past') {
    return (
      <Alert variant="info" id="cancel-appointment">
        <p>{t('flows.appointment.past')}</p>
      </Alert>
    );
  }
  const { form } = model;
  return (
    <PageForm
      id="cancel-appointment"
      className="inquiry-form"
      action={form.action}
      htmx={{ post: form.action, failureText: t('flows.failed') }}
      errorSummary={form.refused ? t('forms.errors.summary') : null}
      botCheck={form.botCheck}
    >
      <Field id="cancel-reason" name="reason" label={t('flows.appointment.reason')} multiline state={form.reason} requiredText={t('forms.required')} />
      <button type="submit" className="button">
        {t('flows.appointment.confirm')}
      </button>
    </PageForm>
  );
}

/** The visit in one sentence, in the tense of what became of it: planned, cancelled (a date gone by) or past. */
function AppointmentIntro({ ctx, model, oob = false }: { ctx: PageContext; model: CancelAppointmentModel; oob?: boolean }): ReactElement {
  const key = { planned: 'intro', cancelled: 'introCancelled', past: 'introPast' }[model.state];
  return (
    <p id="appointment-intro" hx-swap-oob={oob ? 'true' : undefined}>
      {ctx.t(`flows.appointment.${key}`, { name: model.visitorName, date: model.date, time: model.time })}
    </p>
  );
}

/**
 * What htmx swaps in after the button: the confirmation (or what the appointment already was) in place of the form,
 * and the sentence above it out of band, so the page no longer says a visit is planned.
 */
export function CancelAppointmentOutcome({ ctx, model, done }: { ctx: PageContext; model: CancelAppointmentModel; done: boolean }): ReactElement {
  return (
    <>
      {done ? (
        <Alert variant="success" id="cancel-appointment">
          <p>{ctx.t('flows.appointment.done')}</p>
        </Alert>
      ) : (
        <CancelAppointmentForm ctx={ctx} model={model} />
      )}
      <AppointmentIntro ctx={ctx} model={model} oob />
    </>
  );
}

export function CancelAppointmentPage({ ctx, model }: { ctx: PageContext; model: CancelAppointmentModel }): ReactElement {
  const { t } = ctx;
  return (
    <Layout
      ctx={ctx}
      title={t('flows.appointment.title')}
      description={t('flows.appointment.description')}
      noindex
    >
      <div className="container flow-page">
        <h1>{t('flows.appointment.heading')}</h1>
        <section className="appointment-card" aria-labelledby="appointment-card-title">
          <h2 id="appointment-card-title">{t('flows.appointment.details')}</h2>
          <AppointmentIntro ctx={ctx} model={model} />
          {model.agentName && <p>{t('flows.appointment.agent', { agent: model.agentName })}</p>}
        </section>
        {model.card && <EstateCard card={model.card} headingLevel={2} />}
        <CancelAppointmentForm ctx={ctx} model={model} />
      </div>
    </Layout>
  );
}
