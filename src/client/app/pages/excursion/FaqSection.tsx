import { PageIcon } from './icons';
import { EXCURSION, FAQ } from './strings';

/** The fixed FAQ accordion. Native details/summary: keyboard and screen readers work with no script. */
export function FaqSection() {
  return (
    <section className="excursion-section" aria-labelledby="excursion-faq">
      <h2 id="excursion-faq">{EXCURSION.faq}</h2>
      <div className="faq" data-testid="faq">
        {FAQ.map((item) => (
          <details key={item.question}>
            <summary>
              <span>{item.question}</span>
              <PageIcon name="chevron" />
            </summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
