import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEAD_DASHBOARD_ROUTE } from 'shared-contracts';
import { useCall } from '../../lib/use-call.js';

/**
 * The desk's way to the lead's dashboard, shown only to an agent with the lead's permission (the API refuses
 * everyone else the dashboard all the same); nothing while the desk asks, or when it cannot tell.
 */
export function LeadDashboardLink() {
  const { t } = useTranslation();
  const [state] = useCall('agentPermissions', 'self', () => ({ query: {} }));
  if (state.status !== 'ready' || !state.data.lead) return null;
  return (
    <Link to={`/${LEAD_DASHBOARD_ROUTE}`} data-testid="lead-dashboard-link">
      {t('support:lead.open')}
    </Link>
  );
}
