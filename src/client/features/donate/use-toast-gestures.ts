import { useEffect } from 'react';
import { dismissToasts } from './toast';

/** A toast is swiped away to the right past 50 px; F8 moves focus to it. */
export const SWIPE_THRESHOLD_PX = 50;
const TOAST = '.mantine-Notifications-root .mantine-Notification-root';

export function useToastGestures(): void {
  useEffect(() => {
    let startX: number | undefined;

    const onPointerDown = (event: PointerEvent) => {
      startX = event.target instanceof Element && event.target.closest(TOAST) ? event.clientX : undefined;
    };
    const onPointerUp = (event: PointerEvent) => {
      if (startX !== undefined && event.clientX - startX > SWIPE_THRESHOLD_PX) dismissToasts();
      startX = undefined;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      const toast = document.querySelector<HTMLElement>(TOAST);
      if (!toast) return;
      event.preventDefault();
      toast.tabIndex = -1;
      toast.focus();
    };

    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('pointerup', onPointerUp);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('pointerup', onPointerUp);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
