-- Catalog search (a word-prefix, accent- and case-insensitive full-text index over both
-- languages and the instructor's name) and the seeded catalog: 6 disciplines, 6 instructors,
-- 30 classes, published over the last months with a few in the last week.
CREATE FUNCTION catalog_fold(words text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- Upper-case accented letters are listed too: lower() leaves them alone under the C locale.
  SELECT lower(translate(words,
    'áàâäãåéèêëíìîïóòôöõúùûüñçýÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ',
    'aaaaaaeeeeiiiiooooouuuuncyaaaaaaeeeeiiiiooooouuuuncy'))
$$;
--> statement-breakpoint
-- Each word of the query, folded and tokenised exactly as the documents are, as a prefix:
-- 'yog flu' finds "Yoga Fluido"; null when the text has no word in it.
CREATE FUNCTION catalog_search_query(words text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsquery('simple', string_agg(quote_literal(lexeme) || ':*', ' & '))
  FROM unnest(to_tsvector('simple', catalog_fold(words)))
$$;
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "search_vector" tsvector DEFAULT ''::tsvector NOT NULL;
--> statement-breakpoint
-- Kept by a trigger rather than a generated column: the instructor's and discipline's names
-- live in other tables.
CREATE FUNCTION classes_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := to_tsvector('simple', catalog_fold(concat_ws(' ',
    NEW.title->>'en', NEW.title->>'es', NEW.description->>'en', NEW.description->>'es',
    (SELECT name FROM instructors WHERE id = NEW.instructor_id),
    (SELECT name->>'en' || ' ' || (name->>'es') FROM disciplines WHERE id = NEW.discipline_id))));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER classes_search_vector BEFORE INSERT OR UPDATE ON "classes"
  FOR EACH ROW EXECUTE FUNCTION classes_search_vector();
--> statement-breakpoint
-- Renaming an instructor or a discipline re-indexes its classes (the update fires the trigger above).
CREATE FUNCTION classes_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'instructors' THEN
    UPDATE classes SET instructor_id = instructor_id WHERE instructor_id = NEW.id;
  ELSE
    UPDATE classes SET discipline_id = discipline_id WHERE discipline_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER instructors_search_refresh AFTER UPDATE OF name ON "instructors"
  FOR EACH ROW EXECUTE FUNCTION classes_search_refresh();
--> statement-breakpoint
CREATE TRIGGER disciplines_search_refresh AFTER UPDATE OF name ON "disciplines"
  FOR EACH ROW EXECUTE FUNCTION classes_search_refresh();
--> statement-breakpoint
CREATE INDEX "classes_search_idx" ON "classes" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "classes_instructor_idx" ON "classes" USING btree ("instructor_id","published_at");
--> statement-breakpoint
INSERT INTO "disciplines" ("id", "position", "name") VALUES
  ('yoga', 0, '{"en": "Yoga", "es": "Yoga"}'),
  ('hiit', 1, '{"en": "HIIT", "es": "HIIT"}'),
  ('strength', 2, '{"en": "Strength", "es": "Fuerza"}'),
  ('pilates', 3, '{"en": "Pilates", "es": "Pilates"}'),
  ('cycling', 4, '{"en": "Indoor cycling", "es": "Ciclo indoor"}'),
  ('mobility', 5, '{"en": "Stretching & mobility", "es": "Estiramientos y movilidad"}');
--> statement-breakpoint
INSERT INTO "instructors" ("id", "name", "bio") VALUES
  ('lucia-martin', 'Lucía Martín', '{
    "en": "Lucía has taught yoga in Madrid and Lisbon for twelve years. Her classes are calm, precise and full of options for every body.",
    "es": "Lucía lleva doce años enseñando yoga en Madrid y Lisboa. Sus clases son tranquilas, precisas y llenas de opciones para cada cuerpo."}'),
  ('marcus-reed', 'Marcus Reed', '{
    "en": "A former track sprinter and certified strength coach, Marcus brings structure and energy to every session, and always explains why each exercise is there.",
    "es": "Exvelocista y entrenador de fuerza titulado, Marcus aporta estructura y energía a cada sesión, y siempre explica para qué sirve cada ejercicio."}'),
  ('aiko-tanaka', 'Aiko Tanaka', '{
    "en": "Aiko trained in classical Pilates in New York and later as a physiotherapist. She cares about precise alignment and a healthy back.",
    "es": "Aiko se formó en pilates clásico en Nueva York y después como fisioterapeuta. Le importan la alineación precisa y una espalda sana."}'),
  ('diego-herrera', 'Diego Herrera', '{
    "en": "Diego is a former road cyclist from Medellín who now leads indoor rides and cardio sessions, with a playlist for every mood.",
    "es": "Diego es un excilista de carretera de Medellín que ahora dirige clases de ciclo indoor y de cardio, con una lista de música para cada estado de ánimo."}'),
  ('nora-lindqvist', 'Nora Lindqvist', '{
    "en": "Nora is a physiotherapist and strength coach from Gothenburg. Her classes pair solid strength work with mobility that keeps joints happy.",
    "es": "Nora es fisioterapeuta y entrenadora de fuerza de Gotemburgo. Sus clases combinan un trabajo de fuerza sólido con movilidad que cuida las articulaciones."}'),
  ('sofia-ramirez', 'Sofía Ramírez', '{
    "en": "A dancer turned yoga and Pilates teacher, Sofía designs flowing, creative classes that build strength with grace.",
    "es": "Bailarina reconvertida en profesora de yoga y pilates, Sofía diseña clases fluidas y creativas que desarrollan la fuerza con elegancia."}');
--> statement-breakpoint
INSERT INTO "classes" ("id", "discipline_id", "instructor_id", "level", "duration_seconds", "media_id", "published_at", "title", "description", "equipment") VALUES
  ('sunrise-vinyasa-flow', 'yoga', 'lucia-martin', 'beginner', 1200, 'sample-a', now() - interval '2 days 3 hours',
    '{"en": "Sunrise Vinyasa Flow", "es": "Vinyasa al amanecer"}',
    '{"en": "A gentle flow to wake up the spine and hips, linking each movement to the breath. Ideal before breakfast.",
      "es": "Un flujo suave para despertar la columna y las caderas, uniendo cada movimiento con la respiración. Ideal antes del desayuno."}',
    '{"en": ["Mat"], "es": ["Esterilla"]}'),
  ('power-yoga-core', 'yoga', 'sofia-ramirez', 'intermediate', 2700, 'sample-b', now() - interval '12 days',
    '{"en": "Power Yoga for a Strong Core", "es": "Power yoga para un core fuerte"}',
    '{"en": "Dynamic sequences with long holds in plank, boat and warrior poses to build heat and core strength.",
      "es": "Secuencias dinámicas con posturas mantenidas de plancha, barco y guerrero para generar calor y fuerza en el core."}',
    '{"en": ["Mat", "Yoga block"], "es": ["Esterilla", "Bloque de yoga"]}'),
  ('yin-yoga-deep-release', 'yoga', 'lucia-martin', 'beginner', 3600, 'sample-c', now() - interval '30 days',
    '{"en": "Yin Yoga: Deep Release", "es": "Yin yoga: liberación profunda"}',
    '{"en": "Slow, floor-based poses held for three to five minutes to release the hips, hamstrings and lower back.",
      "es": "Posturas lentas en el suelo, mantenidas de tres a cinco minutos, para liberar caderas, isquiotibiales y zona lumbar."}',
    '{"en": ["Mat", "Bolster", "Blanket"], "es": ["Esterilla", "Cojín de yoga", "Manta"]}'),
  ('arm-balance-lab', 'yoga', 'sofia-ramirez', 'advanced', 1800, 'sample-a', now() - interval '55 days',
    '{"en": "Arm Balance Lab: Crow to Side Crow", "es": "Laboratorio de equilibrios: del cuervo al cuervo lateral"}',
    '{"en": "Break down crow and side crow step by step, with wrist preparation and drills for confident balances.",
      "es": "Desglosa el cuervo y el cuervo lateral paso a paso, con preparación de muñecas y ejercicios para equilibrarte con confianza."}',
    '{"en": ["Mat", "Two yoga blocks"], "es": ["Esterilla", "Dos bloques de yoga"]}'),
  ('bedtime-yoga', 'yoga', 'lucia-martin', 'beginner', 900, 'sample-b', now() - interval '90 days',
    '{"en": "Bedtime Yoga to Unwind", "es": "Yoga antes de dormir"}',
    '{"en": "Soft stretches and slow breathing to let go of the day and prepare the body for sleep.",
      "es": "Estiramientos suaves y respiración lenta para soltar el día y preparar el cuerpo para el descanso."}',
    '{"en": ["Mat", "Pillow"], "es": ["Esterilla", "Almohada"]}'),

  ('tabata-burn', 'hiit', 'marcus-reed', 'intermediate', 1200, 'sample-c', now() - interval '1 day',
    '{"en": "Tabata Burn", "es": "Quema Tabata"}',
    '{"en": "Eight rounds of 20 seconds all-out and 10 seconds of rest, through squats, burpees and mountain climbers.",
      "es": "Ocho rondas de 20 segundos a tope y 10 de descanso, con sentadillas, burpees y escaladores."}',
    '{"en": [], "es": []}'),
  ('low-impact-hiit', 'hiit', 'diego-herrera', 'beginner', 1500, 'sample-a', now() - interval '20 days',
    '{"en": "Low-Impact HIIT, No Jumping", "es": "HIIT de bajo impacto, sin saltos"}',
    '{"en": "Raise your heart rate without a single jump: kind to sensitive knees and to the neighbours downstairs.",
      "es": "Sube las pulsaciones sin un solo salto: amable con las rodillas sensibles y con los vecinos de abajo."}',
    '{"en": ["Mat"], "es": ["Esterilla"]}'),
  ('hiit-pyramid', 'hiit', 'marcus-reed', 'advanced', 2700, 'sample-b', now() - interval '40 days',
    '{"en": "HIIT Pyramid", "es": "Pirámide HIIT"}',
    '{"en": "Work intervals climb from 20 to 60 seconds and back down. Expect sprints, jump lunges and plyometric push-ups.",
      "es": "Los intervalos de trabajo suben de 20 a 60 segundos y vuelven a bajar. Habrá sprints, zancadas con salto y flexiones pliométricas."}',
    '{"en": ["Mat", "Towel"], "es": ["Esterilla", "Toalla"]}'),
  ('kettlebell-hiit', 'hiit', 'nora-lindqvist', 'intermediate', 1800, 'sample-c', now() - interval '65 days',
    '{"en": "Kettlebell HIIT Circuit", "es": "Circuito HIIT con kettlebell"}',
    '{"en": "Swings, cleans and goblet squats in timed circuits for power and conditioning.",
      "es": "Balanceos, cargadas y sentadillas goblet en circuitos cronometrados para ganar potencia y resistencia."}',
    '{"en": ["Kettlebell", "Mat"], "es": ["Kettlebell", "Esterilla"]}'),
  ('ten-minute-express', 'hiit', 'diego-herrera', 'beginner', 600, 'sample-a', now() - interval '100 days',
    '{"en": "10-Minute Express Sweat", "es": "Sudor exprés en 10 minutos"}',
    '{"en": "A short, complete session for busy days: a warm-up, two fast blocks and a quick cool-down.",
      "es": "Una sesión corta y completa para los días con prisa: calentamiento, dos bloques rápidos y una breve vuelta a la calma."}',
    '{"en": [], "es": []}'),

  ('full-body-dumbbells', 'strength', 'nora-lindqvist', 'intermediate', 2400, 'sample-b', now() - interval '3 days',
    '{"en": "Full-Body Dumbbell Strength", "es": "Fuerza de cuerpo completo con mancuernas"}',
    '{"en": "Compound lifts for legs, back, chest and shoulders in supersets, with time to focus on form.",
      "es": "Ejercicios multiarticulares para piernas, espalda, pecho y hombros en superseries, con tiempo para cuidar la técnica."}',
    '{"en": ["A pair of dumbbells", "Bench or step (optional)"], "es": ["Un par de mancuernas", "Banco o step (opcional)"]}'),
  ('glutes-and-legs', 'strength', 'marcus-reed', 'intermediate', 1800, 'sample-c', now() - interval '15 days',
    '{"en": "Glutes and Legs", "es": "Glúteos y piernas"}',
    '{"en": "Hip thrusts, split squats and Romanian deadlifts to build strong, stable legs.",
      "es": "Hip thrust, sentadillas búlgaras y peso muerto rumano para unas piernas fuertes y estables."}',
    '{"en": ["Dumbbells", "Resistance band", "Mat"], "es": ["Mancuernas", "Banda elástica", "Esterilla"]}'),
  ('upper-body-bands', 'strength', 'nora-lindqvist', 'beginner', 1200, 'sample-a', now() - interval '35 days',
    '{"en": "Upper Body with Resistance Bands", "es": "Tren superior con bandas elásticas"}',
    '{"en": "Rows, presses and pull-aparts with bands: a joint-friendly start to strength training.",
      "es": "Remos, presses y aperturas con bandas: un comienzo en el entrenamiento de fuerza que cuida las articulaciones."}',
    '{"en": ["Resistance bands"], "es": ["Bandas elásticas"]}'),
  ('heavy-strength-5x5', 'strength', 'marcus-reed', 'advanced', 3600, 'sample-b', now() - interval '75 days',
    '{"en": "Heavy Strength 5×5", "es": "Fuerza pesada 5×5"}',
    '{"en": "Five sets of five squats, presses and rows with full rest, for lifters who already know the movements.",
      "es": "Cinco series de cinco sentadillas, presses y remos con descansos completos, para quien ya domina los movimientos."}',
    '{"en": ["Barbell or heavy dumbbells", "Squat rack"], "es": ["Barra o mancuernas pesadas", "Jaula de sentadillas"]}'),
  ('bodyweight-strength', 'strength', 'diego-herrera', 'beginner', 1500, 'sample-c', now() - interval '120 days',
    '{"en": "Bodyweight Strength Basics", "es": "Fuerza básica con tu peso corporal"}',
    '{"en": "Squats, push-ups, lunges and planks, with options to make each one easier or harder.",
      "es": "Sentadillas, flexiones, zancadas y planchas, con opciones para hacer cada ejercicio más fácil o más difícil."}',
    '{"en": ["Mat"], "es": ["Esterilla"]}'),

  ('pilates-foundations', 'pilates', 'aiko-tanaka', 'beginner', 1800, 'sample-a', now() - interval '5 days',
    '{"en": "Pilates Foundations", "es": "Fundamentos de pilates"}',
    '{"en": "Learn the breathing, neutral spine and core engagement that every Pilates class builds on.",
      "es": "Aprende la respiración, la columna neutra y la activación del core en las que se basa toda clase de pilates."}',
    '{"en": ["Mat"], "es": ["Esterilla"]}'),
  ('pilates-ring-sculpt', 'pilates', 'sofia-ramirez', 'intermediate', 2400, 'sample-b', now() - interval '25 days',
    '{"en": "Pilates Ring Sculpt", "es": "Pilates con aro para tonificar"}',
    '{"en": "Inner thighs, arms and deep abdominals with the Pilates ring, at a steady, controlled pace.",
      "es": "Aductores, brazos y abdominales profundos con el aro de pilates, a un ritmo constante y controlado."}',
    '{"en": ["Mat", "Pilates ring"], "es": ["Esterilla", "Aro de pilates"]}'),
  ('classical-mat-pilates', 'pilates', 'aiko-tanaka', 'advanced', 3000, 'sample-c', now() - interval '50 days',
    '{"en": "Classical Mat: The Full Order", "es": "Mat clásico: la serie completa"}',
    '{"en": "The original mat sequence of Joseph Pilates, from the Hundred to the Seal, with flowing transitions.",
      "es": "La secuencia original de Joseph Pilates en el suelo, del Hundred al Seal, con transiciones fluidas."}',
    '{"en": ["Mat"], "es": ["Esterilla"]}'),
  ('pilates-healthy-back', 'pilates', 'aiko-tanaka', 'beginner', 1200, 'sample-a', now() - interval '80 days',
    '{"en": "Pilates for a Healthy Back", "es": "Pilates para una espalda sana"}',
    '{"en": "Gentle mobilisation and deep stabiliser work to ease the stiffness of long days at a desk.",
      "es": "Movilización suave y trabajo de los estabilizadores profundos para aliviar la rigidez de muchas horas sentado."}',
    '{"en": ["Mat", "Small soft ball (optional)"], "es": ["Esterilla", "Pelota blanda pequeña (opcional)"]}'),
  ('pilates-barre-fusion', 'pilates', 'sofia-ramirez', 'intermediate', 2100, 'sample-b', now() - interval '110 days',
    '{"en": "Pilates Barre Fusion", "es": "Fusión de pilates y barre"}',
    '{"en": "Small pulses and holds inspired by ballet, combined with Pilates core work.",
      "es": "Pequeños pulsos y posturas mantenidas inspirados en el ballet, combinados con el trabajo de core del pilates."}',
    '{"en": ["Sturdy chair", "Mat"], "es": ["Silla estable", "Esterilla"]}'),

  ('rhythm-ride', 'cycling', 'diego-herrera', 'intermediate', 1800, 'sample-c', now() - interval '4 days',
    '{"en": "Rhythm Ride", "es": "Al ritmo de la música"}',
    '{"en": "Ride to the beat, with climbs and sprints timed to the music.",
      "es": "Pedalea al compás, con subidas y sprints sincronizados con la música."}',
    '{"en": ["Indoor bike", "Water bottle", "Towel"], "es": ["Bicicleta estática", "Botella de agua", "Toalla"]}'),
  ('endurance-climb', 'cycling', 'diego-herrera', 'advanced', 3600, 'sample-a', now() - interval '18 days',
    '{"en": "Endurance Climb", "es": "Subida de resistencia"}',
    '{"en": "A long mountain profile with seated and standing climbs to build stamina and mental toughness.",
      "es": "Un largo perfil de montaña con subidas sentado y de pie para ganar resistencia y fortaleza mental."}',
    '{"en": ["Indoor bike", "Heart rate monitor (optional)", "Towel"], "es": ["Bicicleta estática", "Pulsómetro (opcional)", "Toalla"]}'),
  ('your-first-ride', 'cycling', 'marcus-reed', 'beginner', 1200, 'sample-b', now() - interval '45 days',
    '{"en": "Your First Ride", "es": "Tu primera clase de ciclo"}',
    '{"en": "Set up your bike, learn what cadence and resistance mean, and finish a first easy ride.",
      "es": "Ajusta la bici, aprende qué son la cadencia y la resistencia y completa un primer recorrido suave."}',
    '{"en": ["Indoor bike", "Water bottle"], "es": ["Bicicleta estática", "Botella de agua"]}'),
  ('sprint-intervals', 'cycling', 'diego-herrera', 'intermediate', 2700, 'sample-c', now() - interval '70 days',
    '{"en": "Sprint Intervals", "es": "Intervalos de sprint"}',
    '{"en": "Short, hard sprints with active recovery, for speed and a stronger heart.",
      "es": "Sprints cortos e intensos con recuperación activa, para ganar velocidad y un corazón más fuerte."}',
    '{"en": ["Indoor bike", "Towel"], "es": ["Bicicleta estática", "Toalla"]}'),
  ('recovery-spin', 'cycling', 'nora-lindqvist', 'beginner', 900, 'sample-a', now() - interval '130 days',
    '{"en": "Recovery Spin", "es": "Pedaleo de recuperación"}',
    '{"en": "An easy spin at low resistance to flush the legs the day after a hard workout.",
      "es": "Pedaleo suave con poca resistencia para soltar las piernas el día después de un entrenamiento duro."}',
    '{"en": ["Indoor bike"], "es": ["Bicicleta estática"]}'),

  ('morning-mobility', 'mobility', 'lucia-martin', 'beginner', 600, 'sample-b', now() - interval '6 days',
    '{"en": "Morning Mobility", "es": "Movilidad para empezar el día"}',
    '{"en": "Ten minutes of joint circles and dynamic stretches to move freely all day.",
      "es": "Diez minutos de rotaciones articulares y estiramientos dinámicos para moverte con libertad todo el día."}',
    '{"en": [], "es": []}'),
  ('hip-opener-flow', 'mobility', 'sofia-ramirez', 'intermediate', 1500, 'sample-c', now() - interval '22 days',
    '{"en": "Hip Opener Flow", "es": "Flujo para abrir caderas"}',
    '{"en": "90/90 transitions, lunges and deep squats to restore the range of motion of your hips.",
      "es": "Transiciones 90/90, zancadas y sentadillas profundas para recuperar el rango de movimiento de las caderas."}',
    '{"en": ["Mat", "Yoga block"], "es": ["Esterilla", "Bloque de yoga"]}'),
  ('desk-break-stretch', 'mobility', 'nora-lindqvist', 'beginner', 600, 'sample-a', now() - interval '60 days',
    '{"en": "Desk-Break Stretch", "es": "Estiramientos para la pausa en la oficina"}',
    '{"en": "Release your neck, shoulders and wrists without leaving your chair.",
      "es": "Libera el cuello, los hombros y las muñecas sin levantarte de la silla."}',
    '{"en": ["Chair"], "es": ["Silla"]}'),
  ('full-body-stretch', 'mobility', 'lucia-martin', 'beginner', 1800, 'sample-b', now() - interval '95 days',
    '{"en": "Full-Body Stretch", "es": "Estiramiento de cuerpo completo"}',
    '{"en": "Long, relaxed holds from head to toe, perfect after a run or on a rest day.",
      "es": "Estiramientos largos y relajados de la cabeza a los pies, perfectos después de correr o en un día de descanso."}',
    '{"en": ["Mat", "Yoga strap"], "es": ["Esterilla", "Cinta de yoga"]}'),
  ('mobility-for-athletes', 'mobility', 'marcus-reed', 'advanced', 2400, 'sample-c', now() - interval '140 days',
    '{"en": "Mobility for Athletes", "es": "Movilidad para deportistas"}',
    '{"en": "Loaded stretching and end-range strength for shoulders, hips and ankles.",
      "es": "Estiramientos con carga y fuerza en los rangos finales para hombros, caderas y tobillos."}',
    '{"en": ["Mat", "Light dumbbell", "Resistance band"], "es": ["Esterilla", "Mancuerna ligera", "Banda elástica"]}');
