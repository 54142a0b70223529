/*
 * The Mantine styles the toasts need, in the toast chunk (./toast-container.tsx): the donate form and
 * the pages that carry it are plain markup styled by site.css and ./donate.css, so no Mantine
 * stylesheet blocks their first paint. The `.layer.css` builds put Mantine in `@layer mantine`,
 * below the site's own unlayered rules, so arriving later changes nothing on the page.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
