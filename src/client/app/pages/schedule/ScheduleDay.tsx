import { useId } from 'react';
import { Link } from 'react-router-dom';
import { freePlaces } from '../../../../domain/availability';
import { dayTitle, formatDayMonth, mondayFirstWeekday } from '../../../../domain/dates';
import { cardPrice, formatRoubles } from '../../../../domain/pricing';
import { PLACES_LEFT_PREFIX, WEEKDAY_LABELS } from '../../../../domain/strings';
import { MediaImage } from '../../components/MediaImage';
import { useToursOnDay } from '../../hooks/schedule';
import type { TourWithExcursion } from '../../../db/queries/schedule';
import { SCHEDULE_PAGE } from './strings';

function TourRow({ tour, excursion }: TourWithExcursion) {
  const left = freePlaces(excursion, tour);
  return (
    <li>
      <Link className="tour-row" to={`/excursion/${excursion._id}`}>
        <time className="tour-row-time" dateTime={`${tour.date}T${tour.time}`}>
          {tour.time}
        </time>
        <MediaImage
          className="tour-row-image"
          id={excursion.images[0]}
          alt=""
          width={56}
          height={56}
          variant={480}
        />
        <span className="tour-row-text">
          <span className="tour-row-title">{excursion.title}</span>
          <span className="tour-row-meta">
            {excursion.city}
            {excursion.duration && ` · ${excursion.duration}`}
          </span>
          <span className="tour-row-foot">
            <span className="tour-row-price">
              {SCHEDULE_PAGE.from} {formatRoubles(cardPrice(excursion))}
            </span>
            <span className={`tour-row-left${left <= 0 ? ' none' : left <= 5 ? ' few' : ''}`}>
              {PLACES_LEFT_PREFIX} {left}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** One day of the schedule: 'Сегодня', 'Завтра' or '23 ноября', then its departures by time. */
export function ScheduleDay({ date, today }: { date: string; today: string }) {
  const tours = useToursOnDay(date);
  const headingId = useId();
  const title = dayTitle(date, today);
  const weekday = (WEEKDAY_LABELS[mondayFirstWeekday(date)] ?? '').toLowerCase();
  const subtitle = title === formatDayMonth(date) ? weekday : `${formatDayMonth(date)}, ${weekday}`;
  return (
    <section className="schedule-day" aria-labelledby={headingId}>
      <div className="schedule-day-head">
        <h2 id={headingId}>{title}</h2>
        <span className="schedule-day-sub">{subtitle}</span>
      </div>
      {tours === undefined ? (
        <p className="schedule-status">{SCHEDULE_PAGE.loading}</p>
      ) : (
        <ul className="tour-list">
          {tours.map((item) => (
            <TourRow key={item.tour._id} {...item} />
          ))}
        </ul>
      )}
    </section>
  );
}
