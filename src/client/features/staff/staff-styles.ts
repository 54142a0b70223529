/*
 * The console's styles, in its own chunk only: all of Mantine (the console uses most of it), its
 * date picker's (the console's date boxes, DateField.tsx) and the data table's. The `.layer.css`
 * builds sit in CSS layers, below the site's own unlayered rules.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
