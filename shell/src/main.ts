import './styles/global.css';
import { startShell } from './app/start-shell.js';

void startShell();
