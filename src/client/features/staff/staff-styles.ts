/*
 * The console's styles, in its own chunk only: all of Mantine (the console uses most of it) and the
 * data table's. The `.layer.css` builds sit in CSS layers, below the site's own unlayered rules.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
