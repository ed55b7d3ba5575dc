import 'shared-contracts/base.css';
import './styles/global.css';
import { startShell } from './app/start-shell.js';

void startShell();
