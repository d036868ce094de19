import { loadConfigOrExit } from './config';

/**
 * `npm start`'s first step: the settings are checked before the web app is built, so that a bad
 * one is reported in a second, not after the build. Prints nothing when all is well; otherwise
 * the message naming every bad variable, and exits with status 1.
 */
loadConfigOrExit();
