import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { SUPPORT_AGENT_SEGMENT, SUPPORT_DEFAULT_STEP } from 'shared-contracts';
import type { RemoteProps } from 'shared-contracts/react';
import { AgentDesk } from '../features/agent-desk/agent-desk.js';
import { ChooseGameStep } from '../features/choose-game/choose-game-step.js';
import { AgentTicket } from '../features/conversation/agent-ticket.js';
import { FeedbackStep } from '../features/conversation/feedback-step.js';
import { HelpTopicsStep } from '../features/help-topics/help-topics-step.js';
import { HistoryStep } from '../features/history/history-step.js';
import { InquiryStep } from '../features/inquiry-form/inquiry-step.js';
import { SupportLayout } from '../features/steps/support-layout.js';
import { RequireLogin } from './require-login.js';

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
              <AgentDesk
                ticketView={(inquiryId, onChanged, focusOnLoad) => <AgentTicket inquiryId={inquiryId} onChanged={onChanged} focusOnLoad={focusOnLoad} />}
              />
            </RequireLogin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
