// @mantine/dates as the app's pages use it: with its styles, and with the dayjs locales its month
// and day names come from (the DatesProvider at the root names the language: ./dates-provider.tsx).
// Every date picker is imported from here, so that whichever page draws one first brings them, and
// no first screen does (issue #26: dayjs is in no dashboard's first load).
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ar';
import 'dayjs/locale/en';

export { DateInput, DatePicker, DatePickerInput, type DateInputProps } from '@mantine/dates';
