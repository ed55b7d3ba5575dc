import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { SUPPORT_AGENT_SEGMENT, SUPPORT_DEFAULT_STEP } from 'shared-contracts';
import type { RemoteProps } from 'shared-contracts/react';
import { ChooseGameStep } from '../features/choose-game/choose-game-step.js';
import { HelpTopicsStep } from '../features/help-topics/help-topics-step.js';
import { HistoryStep } from '../features/history/history-step.js';
import { SupportLayout } from '../features/steps/support-layout.js';
import { Loading } from './call-states.js';
import { RequireLogin } from './require-login.js';

// The screens that validate with the shared schemas (the inquiry form, a ticket's reply and rating, the agents'
// desk) load with them when first opened: the support centre's first view, choosing a game, loads neither zod nor
// the schemas. SupportLayout shows the loading state while a step arrives.
const InquiryStep = lazy(() => import('../features/inquiry-form/inquiry-step.js').then((module) => ({ default: module.InquiryStep })));
const FeedbackStep = lazy(() => import('../features/conversation/feedback-step.js').then((module) => ({ default: module.FeedbackStep })));
const AgentDesk = lazy(() => import('../features/agent-desk/agent-desk.js').then((module) => ({ default: module.AgentDesk })));
const AgentTicket = lazy(() => import('../features/conversation/agent-ticket.js').then((module) => ({ default: module.AgentTicket })));

/** The support centre's nested routes (DESIGN §7): steps zero to four under /SupportCenter, and the agents' desk. */
export function SupportRoot({ basename }: RemoteProps) {
  return (
    <BrowserRouter basename={basename}>
      <Routes>
        <Route path="/" element={<SupportLayout />}>
          <Route index element={<Navigate to={SUPPORT_DEFAULT_STEP} replace />} />
          <Route path="history" element={<RequireLogin><HistoryStep /></RequireLogin>} />
          <Route path="game" element={<ChooseGameStep />} />
          <Route path="question" element={<HelpTopicsStep />} />
          <Route path="feedback" element={<RequireLogin><FeedbackStep /></RequireLogin>} />
          <Route path="inquiry" element={<InquiryStep />} />
          <Route path="*" element={<Navigate to={SUPPORT_DEFAULT_STEP} replace />} />
        </Route>
        {/* The agents' desk: not one of the player's steps, so outside their step navigation. */}
        <Route
          path={SUPPORT_AGENT_SEGMENT}
          element={
            <RequireLogin>
              <Suspense fallback={<Loading />}>
                <AgentDesk
                  ticketView={(inquiryId, onChanged, focusOnLoad) => (
                    <Suspense fallback={<Loading />}>
                      <AgentTicket inquiryId={inquiryId} onChanged={onChanged} focusOnLoad={focusOnLoad} />
                    </Suspense>
                  )}
                />
              </Suspense>
            </RequireLogin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
