"""Mensajes en español. Las claves deben coincidir con ``locale_en`` (un test lo comprueba)."""

MESSAGES = {
    # navegación e inicio
    "nav.heading": "Módulos",
    "nav.home": "Inicio",
    "nav.rag": "Diagnóstico RAG: localiza el fallo",
    "home.title": "UNCASE Evaluation Playground",
    "home.intro": (
        "Etiqueta a mano casos sintéticos pequeños y observa cómo se mueve la evaluación. Cada número sale "
        "de etiquetas que puedes ver y cambiar, lleva sus conteos y un intervalo de confianza, y se calcula "
        "en esta máquina: sin clave de API, sin modelo y sin red."
    ),
    "home.modules": "Módulos",
    "home.rag_summary": (
        "Marca qué pasajes son relevantes, qué afirmaciones de la respuesta respalda el contexto, cuáles "
        "son correctas frente a la referencia y qué hechos de referencia cubre la respuesta. Verás relevancia "
        "del contexto, fidelidad, corrección y cobertura por separado, cada una con su intervalo de Wilson, "
        "y un diagnóstico que nombra cada dimensión que falla."
    ),
    "home.principles_title": "Cómo leer los números",
    "home.principles": (
        "- **Primero los conteos.** Cada proporción se muestra como *x / n*: un 80 % de 5 etiquetas no es "
        "un 80 % de 500.\n"
        "- **Intervalos.** Un intervalo de Wilson del 95 % muestra cuánto podría alejarse la tasa real de "
        "la estimación.\n"
        "- **N/A no es cero.** Sin unidades etiquetadas una dimensión no es aplicable, y se dice.\n"
        "- **Los umbrales son tuyos.** Los valores por defecto son didácticos, no gates de producción; "
        "puedes cambiar cada umbral y cada peso."
    ),
    "home.footer": "Cambia el idioma en la barra lateral cuando quieras; tus etiquetas se conservan.",
    # página RAG: datos
    "rag.title": "Diagnóstico RAG: localiza el fallo",
    "rag.intro": (
        "Marca las etiquetas y observa cómo se mueve cada dimensión por separado. El objetivo no es un "
        "número mágico, sino distinguir una recuperación pobre, una respuesta que va más allá de buena "
        "evidencia, una respuesta incorrecta y una incompleta. Una celda sin casilla está *sin etiquetar* y no "
        "cuenta; haz clic para etiquetarla, o selecciona una celda y pulsa Supr para borrar una etiqueta."
    ),
    "rag.data": "Datos",
    "rag.scenario": "Escenario incluido",
    "rag.all_scenarios": "Todos los escenarios como un dataset",
    "rag.load_scenario": "Cargar escenario",
    "rag.upload": "Sube un caso o un dataset",
    "rag.upload_help": (
        "Un caso (JSON), un dataset (JSONL, una lista JSON o {\"cases\": [...]}) o filas de RAGAS "
        "(user_input, retrieved_contexts, response, reference) en JSONL o CSV."
    ),
    "rag.upload_failed": "El archivo no se cargó; tus etiquetas no han cambiado. {message}",
    "rag.ragas_imported": (
        "Se importaron {count} filas de RAGAS como casos sin etiquetar: la respuesta se dividió en "
        "afirmaciones y la referencia en hechos. Etiquétalos abajo."
    ),
    "rag.download": "Descargar datos etiquetados",
    "rag.reset": "Restablecer etiquetas",
    "rag.reset_confirm": "¿Descartar todas las etiquetas que cambiaste y volver a los datos cargados?",
    "rag.reset_yes": "Descartar",
    "rag.reset_no": "Conservar",
    "rag.settings": "Ajustes",
    "rag.thresholds": "Umbrales (falla por debajo)",
    "rag.weights": "Pesos del score compuesto",
    "rag.aggregation": "Agregación",
    "aggregation.mean": "Media ponderada",
    "aggregation.min": "Mínimo (sin compensación)",
    "rag.gates": "Gates duros",
    "rag.gates_help": "Una dimensión por debajo de su gate hace fallar el caso, diga lo que diga el compuesto.",
    "rag.gate_on": "Gate en {name}",
    "rag.gate_value": "Gate de {name}",
    "rag.confidence": "Confianza del intervalo",
    "rag.settings_reset": "Restaurar ajustes por defecto",
    "rag.settings_error": "{message}. Se usan los pesos por defecto hasta que algún peso sea mayor que cero.",
    "rag.case": "Caso",
    "rag.question": "Pregunta:",
    "rag.answer": "Respuesta:",
    "rag.results_case": "Caso {case}",
    "rag.results_dataset": "Dataset completo ({count} casos)",
    "rag.weights_normalized": "Pesos normalizados: {shares}",
    "rag.micro_macro_help": (
        "Micro agrupa todas las unidades etiquetadas de todos los casos (un caso con muchas unidades pesa "
        "más); macro promedia los valores de cada caso (todos los casos pesan igual). Difieren cuando los "
        "casos tienen distinto número de unidades o tasas distintas."
    ),
    "rag.explain_title": "Qué aísla cada dimensión, y por qué cinco etiquetas no son quinientas",
    # unidades y etiquetas
    "units.passages": "Pasajes recuperados",
    "units.passages_help": "¿es cada pasaje relevante para la pregunta?",
    "units.claims": "Afirmaciones de la respuesta",
    "units.claims_help": (
        "¿respaldan los pasajes cada afirmación? Por separado: ¿es correcta frente a la referencia?"
    ),
    "units.reference_facts": "Hechos de referencia",
    "units.reference_facts_help": "¿cubre la respuesta cada hecho?",
    "units.full_text": "Texto completo",
    "units.none": "Ninguno en este caso.",
    "units.id": "Id",
    "units.text": "Texto",
    "label.relevant": "Relevante",
    "label.relevant_help": "Ayuda a responder la pregunta. Sin casilla = sin etiquetar.",
    "label.supported": "Respaldada",
    "label.supported_help": "La afirman los pasajes recuperados. Sin casilla = sin etiquetar.",
    "label.correct": "Correcta",
    "label.correct_help": "Coincide con la referencia, digan lo que digan los pasajes. Sin casilla = sin etiquetar.",
    "label.covered": "Cubierto",
    "label.covered_help": "La respuesta afirma este hecho. Sin casilla = sin etiquetar.",
    # métricas y valores
    "metric.context_relevance": "Relevancia del contexto",
    "metric.faithfulness": "Fidelidad",
    "metric.correctness": "Corrección",
    "metric.coverage": "Cobertura",
    "value.line": "{successes} / {total} · {percent} · intervalo del {level}: {low} a {high}",
    "value.counts": "{successes} / {total} · intervalo del {level}: {low} a {high}",
    "value.unlabelled": "{count} sin etiquetar",
    "value.na": "N/A (0 etiquetadas, {unlabelled} sin etiquetar)",
    "value.na_short": "N/A",
    "verdict.pass": "supera (umbral {threshold})",
    "verdict.fail": "falla (por debajo de {threshold})",
    "verdict.na": "no aplicable",
    "verdict.clear": "claro",
    "verdict.uncertain": "incierto",
    "chart.threshold": "umbral",
    "chart.na": "N/A",
    "chart.interval": "valor e intervalo",
    # diagnóstico
    "diagnosis.ok": "Ninguna dimensión falla con estos umbrales.",
    "diagnosis.nothing_labelled": "Aún no hay nada etiquetado: marca algunas casillas para ver la evaluación.",
    "diagnosis.single": "Falla una dimensión: {names}.",
    "diagnosis.multiple": "Fallo múltiple: fallan {count} dimensiones ({names}). No se elige una causa única.",
    "diagnosis.not_applicable": "No aplicable (sin unidades etiquetadas): {names}.",
    "diagnosis.uncertain_passing": "Supera el umbral, pero el intervalo lo cruza: {names}.",
    "diagnosis.certainty_help": (
        "Claro: todo el intervalo queda a un lado del umbral. Incierto: el intervalo cruza el umbral, "
        "así que hacen falta más etiquetas para saberlo."
    ),
    "cause.context_relevance": "la recuperación trae evidencia pobre",
    "cause.faithfulness": "la respuesta va más allá de una buena evidencia",
    "cause.correctness": "la respuesta es incorrecta frente a la referencia",
    "cause.coverage": "la respuesta deja fuera hechos clave",
    "status.ok": "correcto",
    "status.single": "fallo único",
    "status.multiple": "fallo múltiple",
    # compuesto
    "composite.title_mean": "Score compuesto (media ponderada)",
    "composite.title_min": "Score compuesto (mínimo)",
    "composite.na": "N/A",
    "composite.used_weights": "Pesos usados: {shares}",
    "composite.dropped": "Descartadas por N/A: {names}; los demás pesos se renormalizaron.",
    "composite.gated": "Por debajo de un gate duro: {names}.",
    "composite.unchecked": "Gate no comprobado (N/A): {names}.",
    "composite.gate_fail": "Este caso no supera un gate duro, diga lo que diga el compuesto.",
    "composite.not_standard": "Un score compuesto sirve para ordenar configuraciones; no es un score estándar.",
    # tablas
    "table.case": "Caso",
    "table.status": "Diagnóstico",
    "table.failing": "Fallan",
    "table.composite": "Compuesto",
    "table.dimension": "Dimensión",
    "table.micro": "Micro (unidades agrupadas)",
    "table.macro": "Macro (media de casos)",
    # explicaciones
    "explain.context_relevance": (
        "la proporción de pasajes recuperados etiquetados como relevantes. Aísla lo que llega al "
        "generador: si es baja, el resto del sistema trabaja con material pobre."
    ),
    "explain.faithfulness": (
        "la proporción de afirmaciones de la respuesta respaldadas por los pasajes recuperados. Una "
        "afirmación puede ser cierta en el mundo y aun así infiel, si los pasajes dados no la sostienen."
    ),
    "explain.correctness": (
        "la proporción de afirmaciones que coinciden con la referencia, un juicio distinto del respaldo. "
        "Separarlos evita tratar \"respaldado por el contexto\" y \"correcto\" como sinónimos."
    ),
    "explain.coverage": (
        "la proporción de hechos de referencia que la respuesta afirma. Una respuesta corta puede ser fiel "
        "y correcta y aun así dejar fuera lo importante."
    ),
    "explain.uncertainty": (
        "**Incertidumbre.** Cada proporción tiene un intervalo de Wilson sobre sus unidades etiquetadas. "
        "Con cinco afirmaciones, un 80 % es mucho menos estable que un 80 % sobre miles: prueba el escenario "
        "*pocas unidades*. Léelo como intervalo estadístico solo si las unidades son una muestra "
        "aproximadamente independiente y representativa; aquí muestra lo frágiles que son las muestras "
        "pequeñas. No corrige errores del anotador ni de un juez."
    ),
    "explain.thresholds": (
        "**Diagnóstico.** Los umbrales son explícitos y didácticos: relevancia del contexto por debajo del "
        "50 %, las demás por debajo del 70 %. Si fallan varias dimensiones, se nombran todas: ninguna causa "
        "única arbitraria. No son gates recomendados para producción."
    ),
    "explain.composite": (
        "**Score compuesto.** Para ordenar configuraciones, combina las dimensiones con pesos explícitos; se "
        "normalizan para sumar 1. Si necesitas una fidelidad casi perfecta, dilo con el peso o, mejor, con "
        "un gate duro."
    ),
    "explain.not_a_judge": (
        "**No es un LLM judge.** Herramientas como RAGAS y ARES automatizan parte de esto con modelos como "
        "jueces. Aquí las etiquetas son visibles y editables, para estudiar qué dimensión cambia y por qué. "
        "Evaluar un sistema en producción exige un dataset representativo, criterios de anotación, "
        "evaluadores calibrados y validación humana."
    ),
}
