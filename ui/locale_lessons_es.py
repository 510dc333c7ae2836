"""Mensajes en español del guía de lecciones, la página de lecciones y las lecciones en sala (ver locale_lessons_en)."""

MESSAGES = {
    # ---------------------------------------------------------------- el panel
    "lesson.panel_title": "Lección {order} · {title}",
    "lesson.step_of": "Paso {number} de {total}",
    "lesson.goal": "Objetivo",
    "lesson.steps": "Todos los pasos",
    "lesson.hint": "Una pista",
    "lesson.not_yet": "Todavía no: {note}.",
    "lesson.holds": "{note}.",
    "lesson.done": "Hecho: se cumplen todos los pasos.",
    "lesson.why": "Por qué",
    "lesson.leave": "Salir de la lección",
    "lesson.all": "Todas las lecciones",
    "lesson.next": "Siguiente: {title}",
    "lesson.elsewhere": "Esta lección se hace en la página {page}.",
    "lesson.go": "Ir a {page}",
    "lesson.no_data": (
        "La página {page} no tiene cargado nada para esta lección. Vuelve a empezarla desde la página de lecciones."
    ),
    "lesson.answer": "Tu respuesta",
    "lesson.choose": "Elige una o más",
    "lesson.check": "Comprobar mi respuesta",
    "lesson.choose_all": "Elige todas las opciones correctas.",
    "lesson.percent_answer": "Tu respuesta, en porcentaje",
    "lesson.number_answer": "Tu respuesta",
    "lesson.certainty.clear": "claro",
    "lesson.certainty.uncertain": "incierto",
    "lesson.room_started": "Quien facilita ha empezado la lección {order}: {title}.",
    "lesson.room_start": "Empezarla",
    # ---------------------------------------------------------------- palabras dentro de las notas
    "lesson.side.pass": "aprobado",
    "lesson.side.fail": "suspenso",
    "lesson.higher.micro": "el micro",
    "lesson.higher.macro": "el macro",
    "lesson.higher.either": "cualquiera",
    "lesson.gate.privacy": "privacidad",
    "lesson.gate.memorization": "memorización",
    "lesson.kind.exact": "exacto",
    "lesson.kind.near": "cercano",
    "lesson.part.question": "la pregunta",
    "lesson.part.answer": "la respuesta",
    "lesson.part.metadata": "la metadata",
    "lesson.part.extra": "los campos adicionales",
    "lesson.part.passages": "los pasajes",
    "lesson.part.claims": "las afirmaciones",
    "lesson.part.reference_facts": "los hechos de referencia",
    "lesson.reason.only_predefined_sections": "solo hay secciones prediseñadas",
    "lesson.reason.only_categorical_sections": "solo hay secciones categóricas",
    "lesson.reason.no_units": "no hay nada etiquetado",
    # ---------------------------------------------------------------- las notas
    "lesson.note.open_page": "abre la página {page} para hacer este paso",
    "lesson.note.state_not_usable": "no se pueden usar los ajustes o los datos de la página: {problem}",
    "lesson.note.nothing_to_compare": "no se conocen los datos tal como se cargaron, así que no hay con qué comparar",
    "lesson.note.not_answered": "aún no has respondido",
    "lesson.note.answer_not_understood": "no se puede leer la respuesta: {problem}",
    "lesson.note.answer_right": "correcto",
    "lesson.note.answer_wrong": "todavía no es correcto",
    "lesson.note.unknown_option": "no hay ninguna opción {option}",
    "lesson.note.unknown_case": "no hay ningún caso {case} en los datos",
    "lesson.note.dimensions_as_asked": "cada dimensión falla o supera su umbral como se pide",
    "lesson.note.dimension_still_passing": "{dimension} aún supera su umbral",
    "lesson.note.dimension_still_failing": "{dimension} aún falla",
    "lesson.note.dimension_not_applicable": "{dimension} no tiene ninguna unidad etiquetada (N/A)",
    "lesson.note.dimensions_missed": "faltan {count} dimensiones más en la respuesta",
    "lesson.note.dimensions_missed.one": "falta 1 dimensión más en la respuesta",
    "lesson.note.dimension_not_failing": "{dimension} no falla",
    "lesson.note.dimension_not_clear": "el veredicto sobre {dimension} no está claro",
    "lesson.note.verdict_clear": "el veredicto sobre {dimension} es claro ({side})",
    "lesson.note.verdict_uncertain": (
        "el veredicto sobre {dimension} sigue incierto: su intervalo cruza el umbral"
    ),
    "lesson.note.verdict_on_other_side": "el veredicto sobre {dimension} es claro, pero es un {side}",
    "lesson.note.composite_hides_failure": "la media ponderada es {value} mientras {dimension} falla",
    "lesson.note.aggregation_not_mean": "la puntuación compuesta no es la media ponderada",
    "lesson.note.aggregation_not_min": "la puntuación compuesta no es el mínimo",
    "lesson.note.no_dimension_failing": "no falla ninguna dimensión",
    "lesson.note.composite_not_applicable": "la puntuación compuesta no tiene ninguna dimensión aplicable",
    "lesson.note.composite_too_low": "la puntuación compuesta es {value}; debería llegar a {needed}",
    "lesson.note.min_shows_failure": "el mínimo ({value}) muestra que {dimension} falla",
    "lesson.note.failing_dimension_unweighted": "{dimension} tiene peso 0, así que el mínimo la deja fuera",
    "lesson.note.gate_fails_case": "la compuerta dura de {dimension} suspende el caso",
    "lesson.note.gate_off": "la compuerta dura de {dimension} no está activada",
    "lesson.note.gate_not_failing": "{dimension} ({value}) no está por debajo de su compuerta ({gate})",
    "lesson.note.gate_not_checked": "{dimension} es N/A, así que su compuerta no se comprueba",
    "lesson.note.only_labels_changed": "solo cambiaron etiquetas ({changed})",
    "lesson.note.not_only_labels": "cambió algo más que etiquetas: {what} del caso {case}",
    "lesson.note.cases_differ": "los casos no son los que se cargaron ({now} ahora, {loaded} al cargar)",
    "lesson.note.too_few_label_changes": "has cambiado {changed} etiquetas; cambia al menos {needed}",
    "lesson.note.too_few_label_changes.one": "has cambiado 1 etiqueta; cambia al menos {needed}",
    "lesson.note.mode_not_threshold": "el explorador está moviendo un peso; cámbialo a umbral",
    "lesson.note.metric_not_chosen": "elige {metric} en el explorador",
    "lesson.note.no_applicable_cases": "ningún caso tiene unidades etiquetadas para {metric}",
    "lesson.note.threshold_not_above_baseline": "sube el umbral por encima de {baseline}",
    "lesson.note.nothing_passes_at_baseline": (
        "ningún caso aprueba con {baseline}, así que no hay nada que reducir a la mitad"
    ),
    "lesson.note.pass_rate_not_halved": "la tasa de aprobados es {rate}; aún no llega a la mitad de {baseline_rate}",
    "lesson.note.lower_threshold_halves": "un umbral más bajo ya reduce la tasa de aprobados a la mitad",
    "lesson.note.pass_rate_halved": (
        "con {threshold} la tasa de aprobados es {rate}, como mucho la mitad de {baseline_rate}"
    ),
    "lesson.note.no_case_flips": "ningún caso cambia de lado entre {a} y {b}",
    "lesson.note.case_does_not_flip": "el caso {case} no cambia de lado entre {a} y {b}",
    "lesson.note.too_few_cases": "has nombrado {given} casos; nombra {needed}",
    "lesson.note.too_few_cases.one": "has nombrado 1 caso; nombra {needed}",
    "lesson.note.cases_flip": "cada caso nombrado cambia de lado",
    "lesson.note.metric_not_applicable": "{metric} es N/A ({reason})",
    "lesson.note.metric_has_value": "{metric} aún tiene un valor ({value})",
    "lesson.note.na_for_other_reason": "{metric} es N/A, pero porque {reason}",
    "lesson.note.metric_not_applicable_now": "{metric} es N/A, así que no se pueden comparar micro y macro",
    "lesson.note.micro_macro_differ": "el micro es {micro} y el macro es {macro}",
    "lesson.note.micro_equals_macro": "micro y macro valen los dos {micro}",
    "lesson.note.higher_side_wrong": "el micro es {micro} y el macro es {macro}: {higher} debería ser el mayor",
    "lesson.note.gate_zeroes_q": "Q es 0 porque falla la compuerta de {gate}",
    "lesson.note.gate_holds": "la compuerta de {gate} se cumple",
    "lesson.note.no_gate_fails": "se cumplen las dos compuertas",
    "lesson.note.metric_fails": "{metric} no supera su umbral",
    "lesson.note.no_metric_applicable": "ninguna métrica de esta conversación es aplicable",
    "lesson.note.gate_named_holds": "la compuerta de {gate} se cumple",
    "lesson.note.gates_missed": "fallan {count} compuertas más",
    "lesson.note.gates_missed.one": "falla 1 compuerta más",
    "lesson.note.conversation_has_no_leak": "el núcleo no encuentra datos personales en esta conversación",
    "lesson.note.turn_has_no_leak": "el turno {turn} no contiene datos personales",
    "lesson.note.unknown_turn": "no hay ningún turno {turn}",
    "lesson.note.turns_missed": "hay {count} turnos más con datos personales",
    "lesson.note.turns_missed.one": "hay 1 turno más con datos personales",
    "lesson.note.filters_as_asked": "los filtros están como se pide",
    "lesson.note.filter_should_be_on": "activa el filtro {filter}",
    "lesson.note.filter_should_be_off": "desactiva el filtro {filter}",
    "lesson.note.stability_not_available": "no hay dos jueces que ordenen suficientes candidatos para comparar",
    "lesson.note.stability_not_raised": "el acuerdo entre jueces pasó de {before} a {after}",
    "lesson.note.stability_raised": "el acuerdo entre jueces subió de {before} a {after}",
    "lesson.note.filter_removes_nothing": "el filtro {filter} no elimina ningún ítem aquí",
    "lesson.note.unknown_item": "no hay ningún ítem {prompt} {item}",
    "lesson.note.item_not_removed": "el filtro {filter} no elimina {prompt} {item}",
    "lesson.note.too_few_items": "has nombrado {given} ítems; nombra {needed}",
    "lesson.note.too_few_items.one": "has nombrado 1 ítem; nombra {needed}",
    "lesson.note.items_missed": "este filtro eliminó {count} ítems más",
    "lesson.note.items_missed.one": "este filtro eliminó 1 ítem más",
    "lesson.note.items_removed": "se eliminó cada ítem nombrado",
    "lesson.note.agreement_up_kappa_down": (
        "el acuerdo subió ({agreement_before} a {agreement_after}) mientras la kappa bajó ({kappa_before} a "
        "{kappa_after})"
    ),
    "lesson.note.kappa_not_defined": "la kappa no está definida para estas etiquetas",
    "lesson.note.agreement_not_higher": "el acuerdo es {after}; era {before}",
    "lesson.note.kappa_not_lower": "la kappa es {after}; era {before}",
    "lesson.note.no_leak_in_data": "el núcleo no encuentra ningún par así entre particiones",
    "lesson.note.pair_leaks": "{a} y {b} se filtran entre particiones",
    "lesson.note.pair_in_one_split": (
        "{a} y {b} son casi duplicados, pero los dos están en {split}: un duplicado, no una fuga"
    ),
    "lesson.note.pair_other_kind": "{a} y {b} se filtran entre particiones, pero su tipo de duplicado es {kind}",
    "lesson.note.pair_not_similar": "{a} y {b} no son casi duplicados con este corte",
    "lesson.note.no_hidden_failure": "ningún estrato de {field} falla mientras el dataset completo aprueba",
    "lesson.note.unknown_stratum": "{field} no tiene ningún valor {value}",
    "lesson.note.stratum_not_hidden_failure": "{value} no falla mientras el dataset completo aprueba",
    "lesson.note.stratum_fails_hidden": "{value} falla en {metric} mientras el dataset completo aprueba",
    "lesson.note.too_few_labels": "has etiquetado {labelled} unidades; etiqueta al menos {needed}",
    "lesson.note.too_few_labels.one": "has etiquetado 1 unidad; etiqueta al menos {needed}",
    "lesson.note.no_disagreement_yet": (
        "el juez aún no ha discrepado de ninguna etiqueta manual, así que su error no está medido"
    ),
    "lesson.note.ppi_not_narrower": (
        "el intervalo PPI ({ppi_width} de ancho) no es más estrecho que el de las etiquetas manuales solas "
        "({hand_width})"
    ),
    "lesson.note.ppi_narrower": (
        "con {labelled} etiquetas el intervalo PPI mide {ppi_width} de ancho, y el de las etiquetas manuales solas "
        "{hand_width}"
    ),
    "lesson.note.worth_not_available": "aún no se puede calcular cuánto vale el juez",
    "lesson.note.answer_too_high": "demasiado alto",
    "lesson.note.answer_too_low": "demasiado bajo",
    # ---------------------------------------------------------------- la página de lecciones
    "nav.lessons": "Lecciones",
    "home.lessons_summary": "Diez ejercicios cortos, de 3 a 8 minutos, que se comprueban solos mientras trabajas.",
    "lessons.title": "Lecciones",
    "lessons.intro": (
        "Cada lección es una idea de la evaluación convertida en una tarea pequeña en una de las páginas. Un panel "
        "junto a la página muestra el objetivo y el paso actual, comprueba tu trabajo tras cada cambio con las "
        "cifras de la propia página y te dice cuándo se cumple un paso. Tu progreso se guarda con tu trabajo."
    ),
    "lessons.meta": "{minutes} min · en la página {page} · {done} de {total} pasos",
    "lessons.status.new": "Sin empezar",
    "lessons.status.going": "En curso",
    "lessons.status.done": "Hecha",
    "lessons.start": "Empezar",
    "lessons.continue": "Continuar",
    "lessons.restart": "Empezar de nuevo",
    "lessons.following": "Estás siguiendo esta lección.",
    "lessons.confirm": (
        "Empezar «{title}» carga sus datos en la página {page} y sustituye lo que haya: perderías tus cambios en "
        "{count} elementos (o un archivo subido). Descárgalos antes si quieres conservarlos."
    ),
    "lessons.confirm.one": (
        "Empezar «{title}» carga sus datos en la página {page} y sustituye lo que haya: perderías tus cambios en "
        "1 elemento (o un archivo subido). Descárgalos antes si quieres conservarlos."
    ),
    "lessons.confirm_yes": "Empezar y sustituir",
    "lessons.confirm_no": "Conservar mi trabajo",
    "lessons.total": "{done} de {total} lecciones hechas · unos {minutes} minutos en total",
    "lessons.handout_title": "Para quien facilita",
    "lessons.handout_help": (
        "Un archivo Markdown con el objetivo, los pasos y la explicación de cada lección y tus notas (qué decir, el "
        "error habitual, los tiempos), en el idioma elegido aquí, para imprimir o compartir."
    ),
    "lessons.handout": "Descargar la guía (Markdown)",
    "handout.title": "UNCASE Evaluation Playground: lecciones para un taller",
    "handout.intro": (
        "{count} lecciones, unos {minutes} minutos en total. Cada una se hace en una página del playground; los "
        "participantes abren la página de lecciones, o quien facilita empieza una lección para todos desde una "
        "sala de taller."
    ),
    "handout.lesson": "Lección {order}: {title}",
    "handout.meta": "{minutes} minutos · página {page} · datos: {scenario}",
    "handout.data.builtin": "los datos incluidos en la página",
    "handout.data.generator": "los veredictos por defecto del generador",
    "handout.data.none": "ninguno",
    "handout.goal": "Objetivo",
    "handout.steps": "Pasos",
    "handout.hint": "Pista",
    "handout.explanation": "Qué concluir",
    "handout.say": "Qué decir",
    "handout.wrong": "El error habitual",
    "handout.timing": "Tiempos",
    # ---------------------------------------------------------------- la sala
    "room.lesson_title": "Una lección para todos",
    "room.lesson_choose": "Lección",
    "room.lesson_start": "Empezarla para todos",
    "room.lesson_stop": "Parar la lección",
    "room.lesson_now": "Lección en curso: {order} · {title}. Los participantes la reciben en {seconds} s.",
    "room.lesson_none": "No hay ninguna lección en curso.",
    "room.lesson_rag_warning": (
        "Esta lección se hace en la página RAG: cada participante que la empiece sustituye allí los casos de la "
        "sala por los de la lección (la página se lo pregunta antes). Congela la sala y descarga sus etiquetas "
        "antes, si las necesitas."
    ),
    "room.lesson_progress": "Quién terminó cada paso",
    "room.lesson_step_col": "Paso",
    "room.lesson_done_col": "Hecho",
    "room.lesson_started_col": "La empezaron",
    "room.lesson_of": "{done} de {members}",
}
