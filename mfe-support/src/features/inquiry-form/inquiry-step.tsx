import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clientIdQuery, setCsForm } from 'shared-contracts';
import { useCsForm, useSession } from 'shared-contracts/react';
import { Failed, Loading } from '../../components/call-states.js';
import { useCall } from '../../lib/use-call.js';
import { InquiryForm } from './inquiry-form.js';
import { OpenLimitNotice, QueueNotice, SupportHoursNotice, UnresolvedChoice } from './support-notices.js';

/**
 * Step three (DESIGN §7). Before a new inquiry, a logged-in player's ongoing one is offered (SPEC §4) and a long
 * queue announced; outside support hours a notice asks to leave a message. A guest sees the form and is asked to
 * log in when sending it.
 */
export function InquiryStep() {
  const { t } = useTranslation();
  const { loggedIn, token } = useSession();
  // Keyed by the session, so logging in (or as someone else) asks again.
  const [unresolved, retry] = useCall('inquiryUnresolved', loggedIn ? token : null, () => ({ query: clientIdQuery() }));
  // Kept with the draft: going back to step one or reloading asks no more, and it leaves with the draft at logout.
  const { writtenPastInquiryId } = useCsForm();
  const offered = unresolved.status === 'ready' ? unresolved.data.inquiry : null;
  // A ticket opened since (in another tab, or this one just now) is offered again.
  const ongoing = offered && offered.id !== writtenPastInquiryId ? offered : null;
  const atOpenLimit = unresolved.status === 'ready' && unresolved.data.atOpenLimit;
  // Before the first answer the call is idle for one render: the form must not flash up and vanish.
  const checking = loggedIn && (unresolved.status === 'loading' || unresolved.status === 'idle');
  // "Start a new inquiry" removes the button that had the focus: the focus goes to the step's heading, where the form
  // begins, instead of dropping to the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const startingNew = useRef(false);
  const startNew = (inquiryId: number) => {
    startingNew.current = true;
    setCsForm({ writtenPastInquiryId: inquiryId });
  };
  useEffect(() => {
    if (ongoing || !startingNew.current) return;
    startingNew.current = false;
    heading.current?.focus();
  }, [ongoing]);
  return (
    <section className="surface-card" aria-labelledby="inquiry-heading" data-testid="support-step-inquiry">
      <h2 id="inquiry-heading" ref={heading} tabIndex={-1}>
        {t('support:form.heading')}
      </h2>
      <SupportHoursNotice />
      {unresolved.status === 'ready' && unresolved.data.queue.longQueue ? <QueueNotice waiting={unresolved.data.queue.waiting} /> : null}
      {checking ? <Loading /> : null}
      {/* Not knowing about an ongoing ticket must not keep the player from writing: the form stays usable. */}
      {unresolved.status === 'failed' ? <Failed messageKey={unresolved.messageKey} retry={retry} /> : null}
      {ongoing ? <UnresolvedChoice inquiry={ongoing} onStartNew={() => startNew(ongoing.id)} atOpenLimit={atOpenLimit} /> : null}
      {atOpenLimit && !ongoing ? <OpenLimitNotice /> : null}
      {!ongoing && !checking ? <InquiryForm /> : null}
    </section>
  );
}
