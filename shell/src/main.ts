import 'shared-contracts/base.css';
import './styles/global.css';

/**
 * The entry runs once the federation runtime has the shared modules it needs, in the task in which the last of them
 * arrived; the start-up module (with shared-contracts and i18next under it) is evaluated in a task of its own after
 * that, so the two do not add up to one long task right after the early paint (issue 13). It comes with the entry's
 * own chunk ("eager": no request).
 */
setTimeout(() => {
  void import(/* webpackMode: "eager" */ './app/start-shell.js').then(({ startShell }) => startShell());
}, 0);
