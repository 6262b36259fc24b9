import { useStore } from '@nanostores/preact';
import { useEffect, useId, useState } from 'preact/compat';
import type { ScoreRange, SubjectPrediction, UtmePrediction } from '../../lib/api/prediction.ts';
import { UTME } from '../../lib/api/utme.ts';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { ExamPlanForm } from './ExamPlanForm.tsx';
import { $planSaves } from './exam-plan-store.ts';
import { createPredictionStore } from './prediction-store.ts';
import {
  answersNeededLine,
  calibrationLine,
  chosenFromLine,
  missingTotalLine,
  PRACTICE_PATH,
  practiseLinkText,
  rangeBar,
  subjectScoreLine,
  totalLabel,
  totalRangeLine,
  wholeMarks,
} from './prediction-words.ts';
import './prediction.css';

/** The range as a bar, for the eye only: the same figures are in the words beside it. */
function RangeBar({ range, max }: { range: ScoreRange; max: number }) {
  const bar = rangeBar(range, max);
  return (
    <svg className="prediction-bar" aria-hidden="true" focusable="false">
      <rect className="prediction-bar-track" width="100%" height="100%" rx="4" />
      <rect
        className="prediction-bar-range"
        x={`${bar.from}%`}
        width={`${bar.width}%`}
        height="100%"
        rx="4"
      />
      <line className="prediction-bar-mark" x1={`${bar.mark}%`} x2={`${bar.mark}%`} y1="0" y2="100%" />
    </svg>
  );
}

function SubjectRow({ subject }: { subject: SubjectPrediction }) {
  return (
    <li className="prediction-subject">
      <span className="prediction-subject-name">{subject.subject.title}</span>
      {subject.score ? (
        <>
          <span className="prediction-subject-score">{subjectScoreLine(subject.score)}</span>
          <RangeBar range={subject.score} max={UTME.maxScore} />
        </>
      ) : (
        <span className="prediction-subject-needs">
          {answersNeededLine(subject)}. <a href={PRACTICE_PATH}>{practiseLinkText(subject)}</a>
        </span>
      )}
    </li>
  );
}

function Prediction({ prediction, onProfile }: { prediction: UtmePrediction; onProfile: boolean }) {
  const chosenFrom = chosenFromLine(prediction);
  return (
    <>
      {prediction.total ? (
        <div className="prediction-total">
          <p className="prediction-total-figure">
            <span className="visually-hidden">{totalLabel(prediction.total)}</span>
            <span aria-hidden="true">
              <strong>{wholeMarks(prediction.total).expected}</strong> / {UTME.maxTotal}
            </span>
          </p>
          <RangeBar range={prediction.total} max={UTME.maxTotal} />
          <p>{totalRangeLine(prediction.total)}</p>
        </div>
      ) : (
        <p className="prediction-missing">{missingTotalLine(prediction)}</p>
      )}
      <h3 className="prediction-subjects-heading">By subject, out of {UTME.maxScore}</h3>
      <ul className="plain-list prediction-subjects">
        {prediction.subjects.map((subject) => (
          <SubjectRow key={subject.subject._id} subject={subject} />
        ))}
      </ul>
      {chosenFrom && <p className="hint">{chosenFrom}</p>}
      {onProfile && prediction.chosenFrom === 'none' && (
        <p>
          <a href="#exam-plan-heading">Choose your subjects</a>
        </p>
      )}
      <p className="hint">{calibrationLine(prediction.calibratedAt)}</p>
    </>
  );
}

/**
 * The predicted UTME score (docs/prediction.md, "On the screens"): on /utme, near the picker, with the exam
 * plan form behind a button (closed at first, so that the page does not open on two lists of the same
 * subjects: the mock's picker and the plan's); on /profile, where the form has its own section.
 */
export default function PredictionPanel({ place }: { place: 'utme' | 'profile' }) {
  const [store] = useState(() => createPredictionStore());
  const state = useStore(store.$state);
  const saves = useStore($planSaves);
  const [planOpen, setPlanOpen] = useState(false);
  const id = useId();

  // Read again whenever the plan is saved on this page: the plan names the subjects.
  useEffect(() => {
    void saves;
    void store.load();
  }, [store, saves]);

  const onUtme = place === 'utme';
  const choosing = state.status === 'ready' && state.data.chosenFrom === 'none';
  return (
    <section
      className="card prediction"
      aria-labelledby="prediction-heading"
      aria-busy={state.status === 'loading'}
    >
      <h2 id="prediction-heading">Your predicted UTME score</h2>
      {state.status === 'loading' && <Loading label="Loading your predicted score" />}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={() => void store.load()} />}
      {state.status === 'ready' && <Prediction prediction={state.data} onProfile={!onUtme} />}
      {onUtme && state.status === 'ready' && (
        <button
          type="button"
          className="button button-outline prediction-plan-toggle"
          aria-expanded={planOpen}
          aria-controls={`${id}-plan`}
          onClick={() => setPlanOpen(!planOpen)}
        >
          {choosing ? 'Choose your subjects' : 'Change your subjects or exam date'}
        </button>
      )}
      {onUtme && state.status === 'ready' && (
        <div id={`${id}-plan`} hidden={!planOpen}>
          {planOpen && <ExamPlanForm headingLevel={3} />}
        </div>
      )}
    </section>
  );
}
