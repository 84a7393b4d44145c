// Moved to lib/ (service requests and the dashboards format dates the same way).
export { useDateFormat } from '../../lib/date-format';
