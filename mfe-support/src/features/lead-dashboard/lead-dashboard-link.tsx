import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEAD_DASHBOARD_ROUTE } from 'shared-contracts';
import { useSession } from 'shared-contracts/react';
import { useCall } from '../../lib/use-call.js';

/**
 * The desk's way to the lead's dashboard, shown only to an agent with the lead's permission (the API refuses
 * everyone else the dashboard all the same); nothing while the desk asks, or when it cannot tell. A player's session
 * (refused the desk itself) does not ask.
 */
export function LeadDashboardLink() {
  const { t } = useTranslation();
  const player = useSession().role === 'player';
  const [state] = useCall('agentPermissions', player ? null : 'self', () => ({ query: {} }));
  if (state.status !== 'ready' || !state.data.lead) return null;
  return (
    <Link to={`/${LEAD_DASHBOARD_ROUTE}`} data-testid="lead-dashboard-link">
      {t('support:lead.open')}
    </Link>
  );
}
