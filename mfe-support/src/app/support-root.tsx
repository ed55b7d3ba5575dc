import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LEAD_DASHBOARD_ROUTE, SUPPORT_AGENT_SEGMENT, SUPPORT_DEFAULT_STEP } from 'shared-contracts';
import { lazyScreen, ScreenLoadBoundary } from 'shared-contracts/react';
import { ChooseGameStep } from '../features/choose-game/choose-game-step.js';
import { HelpTopicsStep } from '../features/help-topics/help-topics-step.js';
import { HistoryStep } from '../features/history/history-step.js';
import { SupportLayout } from '../features/steps/support-layout.js';
import { Loading, screenLoadFailed } from '../components/call-states.js';
import { ForPlayers, RequireLogin } from './require-login.js';

// The screens that validate with the shared schemas (the inquiry form, a ticket's reply and rating, the agents'
// desk) load with them when first opened: the support centre's first view, choosing a game, loads neither zod nor
// the schemas. SupportLayout shows the loading state while a step arrives, and a retry if it does not.
const InquiryStep = lazyScreen(() => import('../features/inquiry-form/inquiry-step.js').then((module) => module.InquiryStep));
const FeedbackStep = lazyScreen(() => import('../features/conversation/feedback-step.js').then((module) => module.FeedbackStep));
const AgentDesk = lazyScreen(() => import('../features/agent-desk/agent-desk.js').then((module) => module.AgentDesk));
const AgentTicket = lazyScreen(() => import('../features/conversation/agent-ticket.js').then((module) => module.AgentTicket));
// The lead's dashboard, and the desk's link to it (which asks whether the agent is a lead): Chart.js comes later
// still, with the dashboard's first chart.
const LeadDashboard = lazyScreen(() => import('../features/lead-dashboard/lead-dashboard.js').then((module) => module.LeadDashboard));
const LeadDashboardLink = lazyScreen(() =>
  import('../features/lead-dashboard/lead-dashboard-link.js').then((module) => module.LeadDashboardLink),
);
const CannedReplyPicker = lazyScreen(() =>
  import('../features/canned-replies/canned-reply-picker.js').then((module) => module.CannedReplyPicker),
);
const CannedRepliesPage = lazyScreen(() =>
  import('../features/canned-replies/canned-replies-page.js').then((module) => module.CannedRepliesPage),
);

/** A lazy screen in its place: `loading` while its code arrives, and `failed` (a retry notice) if it does not. */
function Lazy(props: { children: ReactNode; loading?: ReactNode; failed?: (retry: () => void) => ReactNode }) {
  return (
    <ScreenLoadBoundary fallback={props.failed ?? screenLoadFailed}>
      <Suspense fallback={props.loading === undefined ? <Loading /> : props.loading}>{props.children}</Suspense>
    </ScreenLoadBoundary>
  );
}

/** A screen for a logged-in session only; a guest is asked to log in instead. */
const forLoggedIn = (screen: ReactNode) => <RequireLogin>{screen}</RequireLogin>;
/** A player's own screen: an agent is pointed to the desk instead (`ForPlayers`). */
const forPlayers = (screen: ReactNode) => <ForPlayers>{screen}</ForPlayers>;
/** A lazy screen (`Lazy`) for a logged-in session only. */
const lazyForLoggedIn = (screen: ReactNode) => forLoggedIn(<Lazy>{screen}</Lazy>);

/**
 * Step one, from the router's base (/SupportCenter). Absolute: a relative path in the catch-all route resolves
 * against the unknown rest of the address, so /SupportCenter/desk went on to /SupportCenter/desk/game, which the
 * catch-all matched again, without end.
 */
const DEFAULT_STEP_PATH = `/${SUPPORT_DEFAULT_STEP}`;

/** The support centre's nested routes (DESIGN §7): steps zero to four under /SupportCenter, and the agents' desk. */
export function SupportRoutes() {
  return (
    <Routes>
      <Route path="/" element={<SupportLayout />}>
        <Route index element={<Navigate to={DEFAULT_STEP_PATH} replace />} />
        <Route path="history" element={forPlayers(forLoggedIn(<HistoryStep />))} />
        <Route path="game" element={<ChooseGameStep />} />
        <Route path="question" element={<HelpTopicsStep />} />
        <Route path="feedback" element={forPlayers(forLoggedIn(<FeedbackStep />))} />
        <Route path="inquiry" element={forPlayers(<InquiryStep />)} />
        <Route path="*" element={<Navigate to={DEFAULT_STEP_PATH} replace />} />
      </Route>
      {/* The agents' desk: not one of the player's steps, so outside their step navigation. */}
      <Route
        path={SUPPORT_AGENT_SEGMENT}
        element={lazyForLoggedIn(
          <AgentDesk
            tools={
              // A link that did not arrive is left out: the desk works without it.
              <Lazy loading={null} failed={() => null}>
                <LeadDashboardLink />
              </Lazy>
            }
            ticketView={(inquiryId, onChanged, focusOnLoad) => (
              <Lazy>
                <AgentTicket
                  inquiryId={inquiryId}
                  onChanged={onChanged}
                  focusOnLoad={focusOnLoad}
                  replyTools={(language, insert) => (
                    // Its own boundary: the reply can be written while the picker arrives, or without it.
                    <Lazy loading={null}>
                      <CannedReplyPicker defaultLanguage={language} onInsert={insert} />
                    </Lazy>
                  )}
                />
              </Lazy>
            )}
          />,
        )}
      />
      <Route path={`${SUPPORT_AGENT_SEGMENT}/canned-replies`} element={lazyForLoggedIn(<CannedRepliesPage />)} />
      <Route path={LEAD_DASHBOARD_ROUTE} element={lazyForLoggedIn(<LeadDashboard />)} />
    </Routes>
  );
}
