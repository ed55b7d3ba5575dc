import { useState } from 'react';
import { SocialLanding, socialAnswerIn } from '../../components/social-login.js';
import { formStyles } from '../../components/form.js';

/**
 * `/vkRedirect` (SPEC §2, empty title): where VK sends the player back with `code`, `state` and `device_id`. The
 * answer is read once when the page opens; it leaves the address bar as soon as it has been used.
 */
export function VkRedirectPage() {
  const [answer] = useState(() => socialAnswerIn(window.location.search));
  return (
    <div className={formStyles.stack} data-testid="account-page-vkRedirect">
      <SocialLanding answer={answer ?? { code: null, state: null, iss: null, deviceId: null, error: null }} landing="vkRedirect" />
    </div>
  );
}
