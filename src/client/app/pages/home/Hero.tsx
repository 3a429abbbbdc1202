import { Link } from 'react-router-dom';
import { HOME_PAGE } from './strings';

/** The first thing on screen: drawn in SVG, so it paints with the bundle and needs no image request. */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <svg className="hero-art" viewBox="0 0 390 220" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
        <defs>
          <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#0b6e8f" />
            <stop offset="0.65" stopColor="#3fa7c4" />
            <stop offset="1" stopColor="#ffcf9a" />
          </linearGradient>
        </defs>
        <rect width="390" height="220" fill="url(#hero-sky)" />
        <circle cx="300" cy="120" r="34" fill="#ffb36b" opacity="0.9" />
        <path
          d="M0 150 60 96l38 30 52-58 64 70 40-34 58 44 38-26 40 28v70H0z"
          fill="#1d4f63"
          opacity="0.85"
        />
        <path d="M0 170 80 132l54 26 70-40 86 52 100-30v80H0z" fill="#173f50" />
        <path d="M0 190c30-8 60-8 90 0s60 8 90 0 60-8 90 0 60 8 120 0v30H0z" fill="#5fc3e4" />
      </svg>
      <div className="hero-body">
        <h1 id="hero-title">{HOME_PAGE.heroTitle}</h1>
        <p>{HOME_PAGE.heroText}</p>
        <ul className="hero-points">
          {HOME_PAGE.heroPoints.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <Link className="button button-accent" to="/excursions">
          {HOME_PAGE.heroButton}
        </Link>
      </div>
    </section>
  );
}
