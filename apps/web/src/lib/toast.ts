import hotToast from 'react-hot-toast';
import { requestToaster } from './toaster-demand';

type Message = Parameters<typeof hotToast.success>[0];
type Options = Parameters<typeof hotToast.success>[1];

/**
 * react-hot-toast's toasts, for every screen. Each first asks for the toast area, which is not
 * part of the first load (lib/toaster-demand.ts); a toast raised before the area is there waits
 * in react-hot-toast's store and shows when it is.
 */
export const toast = {
  success(message: Message, options?: Options): string {
    requestToaster();
    return hotToast.success(message, options);
  },
  error(message: Message, options?: Options): string {
    requestToaster();
    return hotToast.error(message, options);
  },
};
