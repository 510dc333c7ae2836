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
    "home.start_title": "Empieza aquí",
    "home.start": (
        "La lección 1 abre el diagnóstico RAG con el escenario **Fallos múltiples**: fallan tres dimensiones a la "
        "vez y el diagnóstico nombra cada una en vez de adivinar una causa. Cambia etiquetas y mira cómo se mueve; "
        "un panel junto a la página comprueba cada paso."
    ),
    "home.start_button": "Empezar la lección 1: Un número esconde cuatro fallos",
    "home.then": "Después, en este orden",
    "home.modules": "Módulos",
    "home.rag_summary": (
        "Etiqueta pasajes, afirmaciones y hechos; cuatro proporciones con intervalo y un diagnóstico que nombra cada "
        "dimensión que falla."
    ),
    "home.principles_title": "Cómo leer los números",
    "home.principles": (
        "- **Primero los conteos.** Cada proporción se muestra como *x / n*: un 80 % de 5 etiquetas no es "
        "un 80 % de 500.\n"
        "- **Intervalos.** Un intervalo de Wilson del 95 % muestra cuánto podría alejarse la tasa real de "
        "la estimación.\n"
        "- **N/A no es cero.** Sin unidades etiquetadas una dimensión no es aplicable, y se dice.\n"
        "- **Los umbrales son tuyos.** Los valores por defecto son didácticos, no compuertas de producción; "
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
    "rag.ragas_imported.one": (
        "Se importó 1 fila de RAGAS como caso sin etiquetar: la respuesta se dividió en afirmaciones y la "
        "referencia en hechos. Etiquétalo abajo."
    ),
    "rag.download": "Descargar datos etiquetados",
    "rag.reset": "Restablecer etiquetas",
    "rag.reset_confirm": "¿Descartar todas las etiquetas que cambiaste y volver a los datos cargados?",
    "rag.reset_yes": "Descartar",
    "rag.reset_no": "Conservar",
    "rag.settings": "Ajustes",
    "rag.thresholds": "Umbrales (falla por debajo)",
    "rag.weights": "Pesos de la puntuación compuesta",
    "rag.aggregation": "Agregación",
    "aggregation.mean": "Media ponderada",
    "aggregation.min": "Mínimo (sin compensación)",
    "rag.gates": "Compuertas duras",
    "rag.gates_help": (
        "Una dimensión por debajo de su compuerta hace fallar el caso, diga lo que diga la puntuación compuesta."
    ),
    "rag.gate_on": "Compuerta en {name}",
    "rag.gate_value": "Compuerta de {name}",
    "rag.confidence": "Confianza del intervalo",
    "rag.settings_reset": "Restaurar ajustes por defecto",
    "rag.settings_error": "{message}. Se usan los pesos por defecto hasta que algún peso sea mayor que cero.",
    "rag.case": "Caso",
    "rag.question": "Pregunta:",
    "rag.answer": "Respuesta:",
    "rag.results_case": "Caso {case}",
    "rag.results_dataset": "Dataset completo ({count} casos)",
    "rag.results_dataset.one": "Dataset completo (1 caso)",
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
    "chart.title": ("Gráfico: la tasa de cada dimensión (barra), su intervalo (bigote) y su umbral (marca); "
                    "las cifras exactas están en las tarjetas de abajo."),
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
    "composite.title_mean": "Puntuación compuesta (media ponderada)",
    "composite.title_min": "Puntuación compuesta (mínimo)",
    "composite.na": "N/A",
    "composite.used_weights": "Pesos usados: {shares}",
    "composite.dropped": "Descartadas por N/A: {names}; los demás pesos se renormalizaron.",
    "composite.gated": "Por debajo de una compuerta dura: {names}.",
    "composite.unchecked": "Compuerta no comprobada (N/A): {names}.",
    "composite.gate_fail": "Este caso no supera una compuerta dura, diga lo que diga la puntuación compuesta.",
    "composite.not_standard": (
        "Una puntuación compuesta sirve para ordenar configuraciones; no es una puntuación estándar."
    ),
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
        "única arbitraria. No son compuertas recomendadas para producción."
    ),
    "explain.composite": (
        "**Puntuación compuesta.** Para ordenar configuraciones, combina las dimensiones con pesos explícitos; se "
        "normalizan para sumar 1. Si necesitas una fidelidad casi perfecta, dilo con el peso o, mejor, con "
        "una compuerta dura."
    ),
    "explain.not_a_judge": (
        "**No es un LLM judge.** Herramientas como RAGAS y ARES automatizan parte de esto con modelos como "
        "jueces. Aquí las etiquetas son visibles y editables, para estudiar qué dimensión cambia y por qué. "
        "Evaluar un sistema en producción exige un dataset representativo, criterios de anotación, "
        "evaluadores calibrados y validación humana."
    ),
    # página de calidad de conversaciones
    "nav.conversations": "Calidad de conversaciones",
    "home.conv_summary": (
        "¿Sirve una conversación sintética para entrenar? Cuatro métricas, dos compuertas, y Q es el mínimo, no la "
        "media."
    ),
    "conv.title": "Calidad de conversaciones",
    "conv.intro": (
        "Cuatro métricas y dos compuertas deciden si una conversación sintética sirve para entrenar. Q es el "
        "mínimo de las cuatro, no su media: una métrica fuerte no compensa una débil, y cualquier dato "
        "personal o texto copiado deja Q en 0. Las afirmaciones y las etiquetas de turno vienen prellenadas "
        "por reglas; cambia cualquiera y observa cómo se mueven las puntuaciones."
    ),
    "conv.scenario": "Conversación incluida",
    "conv.all_scenarios": "Todas las conversaciones incluidas (lote)",
    "conv.upload": "Sube una conversación o un lote",
    "conv.upload_help": "Una conversación (JSON) o varias (JSONL, una lista JSON o {\"conversations\": [...]}).",
    "conv.preset": "Umbrales predefinidos",
    "conv.preset.document": "Documento 000 (valores de producción)",
    "conv.preset.lenient": "Permisivos (exploración)",
    "conv.preset.strict": "Estrictos",
    "conv.apply_preset": "Aplicar",
    "conv.memorization_limit": "Límite de memorización (la compuerta falla en o por encima)",
    "conv.batch_title": "Lote de {count} conversaciones",
    "conv.batch_title.one": "Lote de 1 conversación",
    "conv.batch_progress": "Puntuando el lote ...",
    "conv.pass_rate": "Tasa de aprobación",
    "conv.certificate": "Certificado (SHA-256): `{digest}`",
    "conv.certificate_help": (
        "El hash sella este dataset, estos umbrales, esta versión del paquete y estos resultados: cualquiera "
        "puede recalcularlo con `python -m uncase_core verify REPORT FILE`. Prueba que el informe no se cambió "
        "después; no prueba quién lo hizo ni cuándo, y no se ancla en ninguna parte."
    ),
    "conv.download_report": "Descargar el informe certificado",
    "conv.download_data": "Descargar conversaciones etiquetadas",
    "conv.inspect": "Inspeccionar conversación",
    "conv.chat": "Conversación: {id}",
    "conv.role.customer": "cliente",
    "conv.role.agent": "agente",
    "conv.labelled_incoherent": "etiquetado como incoherente",
    "conv.claims": "Afirmaciones",
    "conv.claims_help": "frases verificables del agente; ¿las verifica la base de conocimiento?",
    "conv.no_claims": "No hay afirmaciones verificables: la fidelidad es N/A.",
    "conv.turns": "Turnos",
    "conv.turns_help": "¿es coherente cada turno? Al lado, lo que encontraron las reglas.",
    "conv.col.verified": "Verificada",
    "conv.col.turn": "Turno",
    "conv.col.rule": "La base de conocimiento",
    "conv.col.coherent": "Coherente",
    "conv.col.role": "Rol",
    "conv.col.rules": "Reglas activadas",
    "conv.reason.agrees": "coincide",
    "conv.reason.contradicts": "contradice",
    "conv.reason.no_fact": "no dice nada",
    "conv.reason.no_figures": "relacionada, sin cifra que comprobar",
    "conv.reason.given": "dada en el archivo",
    "conv.rule.agent_contradiction": "el agente se contradice",
    "conv.rule.customer_knowledge": "el cliente sabe lo que no se le dijo",
    "conv.rule.role_confusion": "confusión de roles",
    "conv.rule.topic_drift": "deriva temática",
    "conv.evidence.agent_contradiction": "{subject}: {value} aquí, {earlier_value} en el turno {earlier_turn}",
    "conv.evidence.customer_knowledge": "menciona {figures} antes de que nadie lo dijera",
    "conv.evidence.role_confusion": "el {role} habla como el {other}: \"{phrase}\"",
    "conv.evidence.topic_drift": "no comparte ninguna palabra de contenido con el tema",
    "conv.results": "Resultados",
    "conv.metric.rouge_l": "ROUGE-L",
    "conv.metric.fidelity": "Fidelidad factual",
    "conv.metric.ttr": "Razón tipo-token (TTR)",
    "conv.metric.coherence": "Coherencia dialógica",
    "conv.gate.privacy": "Datos personales",
    "conv.gate.memorization": "Memorización",
    "conv.gate.privacy_fail": "Se encontraron datos personales ({kinds}): Q es 0.",
    "conv.gate.privacy_ok": "No se encontraron datos personales.",
    "conv.gate.memorization_unchecked": "No comprobado: no hay textos fuente o ningún turno es bastante largo.",
    "conv.gate.memorization_counts": "{copied} de {total} secuencias de 8 palabras copiadas (compuerta en {limit}).",
    "conv.verdict.na": "N/A: ni supera ni falla",
    "conv.verdict.pass": "supera (umbral {threshold})",
    "conv.verdict.fail": "falla (por debajo de {threshold})",
    "conv.band": "Banda: {band}",
    "conv.band.drift": "se aleja de la semilla (por debajo de 0,50)",
    "conv.band.borderline": "zona limítrofe (0,50 a 0,65)",
    "conv.band.good": "buena estructura con variación (0,65 a 0,80)",
    "conv.band.copy_risk": "riesgo de copiar la plantilla (por encima de 0,80)",
    "conv.no_seed": "No hay plantilla semilla con la que comparar.",
    "conv.mattr": "MATTR (ventanas de 50 palabras): {mattr}",
    "conv.passed": "Supera todas las métricas y compuertas.",
    "conv.failed": "Falla: {names}.",
    "conv.not_checked": "No comprobado (N/A): {names}.",
    "conv.q": "Q = min(...)",
    "conv.mean": "Media, para comparar",
    "conv.min_over": "El mínimo se toma sobre: {names}.",
    "conv.q_gated": "Falló una compuerta, así que Q es 0 digan lo que digan las métricas.",
    "conv.lesson": (
        "Sin compensación: con fidelidad 0,95 y TTR 0,40, Q es 0,40, no la media 0,675. Cada métrica debe "
        "superar su umbral por sí sola."
    ),
    "conv.table.id": "Conversación",
    "conv.table.passed": "Aprobada",
    "conv.failures_axis": "conversaciones que fallan",
    "conv.explain_title": "Qué mide cada métrica y cada compuerta",
    "conv.explain.rouge_l": (
        "subsecuencia común más larga de palabras entre la conversación y su plantilla semilla (medida F). Por "
        "debajo de 0,50 la conversación se aleja de la semilla; por encima de 0,80 puede copiarla. Las palabras "
        "conservan sus tildes."
    ),
    "conv.explain.fidelity": (
        "afirmaciones verificadas / afirmaciones etiquetadas, con intervalo de Wilson. Las afirmaciones son las "
        "frases del agente con cifras, fechas o nombres, prellenadas frente a la base de conocimiento."
    ),
    "conv.explain.ttr": (
        "palabras únicas / palabras, en minúsculas y separadas por espacios. Baja a medida que el texto crece, "
        "así que al lado se muestra MATTR (la media en ventanas de 50 palabras) para comparar conversaciones "
        "de distinta longitud."
    ),
    "conv.explain.coherence": (
        "turnos coherentes / turnos etiquetados. Las reglas señalan un agente que se contradice, un cliente "
        "que sabe lo que no se le dijo, confusión de roles y deriva temática."
    ),
    "conv.explain.privacy": (
        "el número de datos personales encontrados (correo electrónico, teléfono, tarjeta, IBAN, CURP, RFC, "
        "DNI/NIE, CPF, IP), cada uno con su propia validación (Luhn, mod 97, letras y dígitos de control). "
        "Cualquier hallazgo deja Q en 0."
    ),
    "conv.explain.memorization": (
        "la proporción de secuencias de 8 palabras de la conversación que aparecen tal cual en los textos que "
        "vio el generador. En o por encima del límite (1 %) Q es 0. Sin textos fuente no se puede comprobar."
    ),
    "conv.explain.q": (
        "el mínimo de las métricas aplicables si se cumplen ambas compuertas; si no, 0. Las métricas N/A quedan "
        "fuera del mínimo y se nombran."
    ),
    "conv.explain.mean": "la media simple de las mismas métricas, solo para ver lo que el mínimo impide.",
    "pii.email": "correo electrónico",
    "pii.phone": "teléfono",
    "pii.card": "tarjeta de pago",
    "pii.iban": "IBAN",
    "pii.curp": "CURP",
    "pii.rfc": "RFC",
    "pii.dni_nie": "DNI/NIE",
    "pii.cpf": "CPF",
    "pii.ip": "dirección IP",
    # página de autoevaluación de resúmenes
    "nav.summaries": "Autoevaluación de resúmenes",
    "home.sum_summary": (
        "Un resumen juzgado por exactitud, adherencia y cobertura, con juicios que marcas tú, y sus reglas de N/A."
    ),
    "sum.title": "Autoevaluación de resúmenes",
    "sum.intro": (
        "El resumen de una conversación con un cliente se juzga en tres aspectos: si sus puntos son exactos, "
        "si sigue la instrucción de cada sección (cumplimiento) y si cubre lo importante (integridad). El "
        "cumplimiento solo se aplica a secciones personalizadas y la integridad solo a texto libre: cambia el "
        "tipo de una sección o márcala como categórica y verás una puntuación pasar a N/A."
    ),
    "sum.scenario": "Caso incluido",
    "sum.upload": "Sube uno o varios casos de resumen",
    "sum.upload_help": "Un caso (JSON) o varios (JSONL, una lista JSON o {\"cases\": [...]}).",
    "sum.paste_title": "Pegar un bloque de juicios",
    "sum.paste_help": (
        "Pega un bloque de exactitud, cumplimiento o integridad tal como lo imprime el documento 002: los "
        "booleanos como texto y las comillas simples se leen de forma segura, nunca se ejecutan."
    ),
    "sum.paste_kind": "Bloque",
    "sum.paste_text": "Texto del bloque",
    "sum.paste_empty": "No hay nada que leer: pega antes un bloque.",
    "sum.paste_apply": "Reemplazar este bloque en el caso",
    "sum.paste_failed": "No se pudo leer el bloque; el caso no cambió. {message}",
    "sum.paste_ok": "El bloque se leyó y reemplaza al del caso.",
    "sum.case": "Caso",
    "sum.read_note": "Al leer: {note}",
    "sum.transcript": "Transcripción",
    "sum.summary": "Secciones del resumen",
    "sum.toggle_help": "Cambia el tipo de una sección o marca categórica para ver aplicarse las reglas de N/A.",
    "sum.no_sections": "Este caso no tiene secciones.",
    "sum.categorical_ok": "{name}: el texto es exactamente uno de los valores permitidos ({allowed}).",
    "sum.categorical_bad": "{name}: el texto no es exactamente uno de los valores permitidos ({allowed}).",
    "sum.judgements": "Juicios",
    "sum.accuracy_help": "¿es exacto cada punto del resumen frente a la transcripción?",
    "sum.adherence_help": "¿atiende el resumen cada instrucción?",
    "sum.completeness_help": "¿cubre el resumen cada parte de la transcripción que pide una pregunta?",
    "sum.empty_questions": "{count} preguntas sin nada que cubrir: no penalizan ni cuentan.",
    "sum.empty_questions.one": "1 pregunta sin nada que cubrir: no penaliza ni cuenta.",
    "sum.results": "Puntuaciones de {id}",
    "sum.macro_value": "Macro (media de preguntas): {value}",
    "sum.micro_macro_help": (
        "La cifra principal agrupa todas las unidades etiquetadas (micro). Macro promedia antes las "
        "puntuaciones por pregunta, como hace el producto: una pregunta con un elemento omitido pesa lo mismo "
        "que otra con seis cubiertos, así que ambas difieren cuando las preguntas tienen distinto número de "
        "elementos."
    ),
    "sum.aggregate": "Los {count} casos",
    "sum.aggregate.one": "El único caso",
    "sum.macro_cases": "Macro (media de los valores macro de los casos)",
    "sum.download": "Descargar casos etiquetados",
    "sum.metric.accuracy": "Exactitud",
    "sum.metric.adherence": "Cumplimiento",
    "sum.metric.completeness": "Integridad",
    "sum.na.only_predefined_sections": "N/A: solo secciones prediseñadas",
    "sum.na.only_categorical_sections": "N/A: solo secciones categóricas",
    "sum.na.no_units": "N/A: nada etiquetado",
    "sum.kind.custom": "personalizada",
    "sum.kind.predefined": "prediseñada",
    "sum.col.name": "Sección",
    "sum.col.kind": "Tipo",
    "sum.col.categorical": "Categórica",
    "sum.col.text": "Texto del resumen",
    "sum.col.is_accurate": "Exacto",
    "sum.col.point": "Punto",
    "sum.col.accuracy": "Justificación",
    "sum.col.is_addressed": "Atendida",
    "sum.col.question": "Pregunta",
    "sum.col.reasoning": "Razonamiento",
    "sum.col.is_covered": "Cubierto",
    "sum.col.transcript_content": "En la transcripción",
    "sum.col.related_content_from_summary": "En el resumen",
    "sum.explain_title": "Qué significa cada puntuación y cuándo es N/A",
    "sum.explain.accuracy": (
        "puntos exactos / puntos etiquetados de la descomposición del resumen, con intervalo de Wilson."
    ),
    "sum.explain.adherence": (
        "rúbricas atendidas / rúbricas etiquetadas. En una sección categórica la rúbrica pregunta si el texto "
        "es exactamente uno de los valores permitidos; en texto libre, si sigue la instrucción."
    ),
    "sum.explain.completeness": (
        "elementos cubiertos / elementos etiquetados en todas las preguntas. Una pregunta sin nada que cubrir "
        "no penaliza ni cuenta."
    ),
    "sum.explain.na_rules": (
        "**Reglas de N/A.** El cumplimiento solo se puntúa en resúmenes con al menos una sección personalizada; "
        "la integridad, solo si al menos una sección es de texto libre. Una puntuación N/A por regla no tiene "
        "valor ni conteos; una puntuación sin nada etiquetado también es N/A, nunca 0."
    ),
    # página del laboratorio de rúbricas
    "nav.rubrics": "Laboratorio de rúbricas",
    "home.rub_summary": (
        "Filtra ítems de rúbrica ruidosos y mira si convergen los rankings de tres jueces sobre los candidatos."
    ),
    "rub.title": "Laboratorio de rúbricas",
    "rub.intro": (
        "Cada candidato responde prompts; cada juez dice sí o no a cada ítem binario de la rúbrica, a veces en "
        "varias ejecuciones. DRFR es la proporción de ítems superados (0-100). Algunos ítems solo añaden ruido: "
        "todos los candidatos los superan, ninguno lo hace, los candidatos más fuertes fallan, o el juez cambia "
        "de opinión entre ejecuciones. Activa los filtros y mira cómo convergen los rankings de los jueces."
    ),
    "rub.generator": "Veredictos sintéticos",
    "rub.gen.seed": "Semilla",
    "rub.gen.candidates": "Candidatos",
    "rub.gen.prompts": "Prompts",
    "rub.gen.items": "Ítems por prompt",
    "rub.gen.judges": "Jueces",
    "rub.gen.runs": "Ejecuciones por juez",
    "rub.gen.planted_trivial": "Ítems triviales sembrados",
    "rub.gen.planted_impossible": "Ítems imposibles sembrados",
    "rub.gen.planted_misaligned": "Ítems desalineados sembrados",
    "rub.gen.planted_unstable": "Ítems inestables sembrados",
    "rub.generate": "Generar",
    "rub.upload": "Subir veredictos",
    "rub.upload_help": (
        "CSV, JSONL o una lista JSON con las columnas `candidate, prompt, item, judge, run, verdict` (yes/no, "
        "true/false, 1/0)."
    ),
    "rub.upload_failed": "El archivo no se cargó; se conservan los veredictos actuales. {message}",
    "rub.upload_holistic": "Subir puntuaciones holísticas (opcional)",
    "rub.upload_holistic_help": (
        "CSV, JSONL o una lista JSON con las columnas `candidate, judge, score`: una puntuación global por candidato y"
        " juez."
    ),
    "rub.holistic": (
        "**Puntuaciones holísticas, para comparar:** Spearman entre jueces {spearman}, Kendall {kendall}, "
        "{identical} de {candidates} posiciones en que coinciden todos los jueces. Un único número global por "
        "candidato recoge todo el gusto de un juez; los ítems binarios atómicos, filtrados, le dejan mucho "
        "menos margen."
    ),
    "rub.download": "Descargar veredictos (CSV)",
    "rub.filters": "Filtros",
    "rub.filter": "Filtro",
    "rub.filter.trivial": "Trivial",
    "rub.filter.impossible": "Imposible",
    "rub.filter.misaligned": "Desalineado",
    "rub.filter.unstable": "Inestable",
    "rub.filter_help.trivial": "Todos los candidatos superan el ítem (mayoría de ejecuciones).",
    "rub.filter_help.impossible": "Ningún candidato supera el ítem (mayoría de ejecuciones).",
    "rub.filter_help.misaligned": (
        "Los veredictos del ítem correlacionan por debajo del corte con el DRFR de los candidatos calculado sin "
        "él: los candidatos fuertes lo fallan y los débiles lo superan."
    ),
    "rub.filter_help.unstable": (
        "El veredicto cambia entre ejecuciones en más de la proporción de corte de los pares (candidato, juez)."
    ),
    "rub.rule": "Se activa cuando la regla se cumple con",
    "rub.rule.all": "todos los jueces",
    "rub.rule.any": "algún juez",
    "rub.misaligned_below": "Desalineado: correlación por debajo de",
    "rub.unstable_above": "Inestable: proporción de pares que cambian por encima de",
    "rub.data_summary": (
        "{verdicts} veredictos: {candidate} candidatos, {items} ítems, {judge} jueces, {run} ejecuciones ({source})."
    ),
    "rub.stability": "¿Coinciden los jueces? Antes y después de filtrar",
    "rub.figure": "Cifra",
    "rub.before": "Antes",
    "rub.after": "Después",
    "rub.fig.spearman": "Spearman entre jueces (media de pares)",
    "rub.fig.kendall": "Kendall entre jueces (media de pares)",
    "rub.fig.identical": "Posiciones en que coinciden todos los jueces",
    "rub.fig.gap": "Distancia media entre vecinos (puntos DRFR)",
    "rub.fig.spread": "Amplitud de primero a último (puntos DRFR)",
    "rub.fig.separated": "Vecinos separados más allá de sus intervalos",
    "rub.fig.removed": "Ítems eliminados",
    "rub.stability_help": (
        "En una lista ordenada la distancia media es la amplitud dividida entre (candidatos - 1). Los vecinos "
        "separados son pares cuyos intervalos no se solapan: las únicas distancias que los datos respaldan."
    ),
    "rub.ties": "{count} veredictos empataron entre ejecuciones y se contaron como no superados.",
    "rub.ties.one": "1 veredicto empató entre ejecuciones y se contó como no superado.",
    "rub.recovery": "Qué encontraron los filtros entre los ítems sembrados",
    "rub.rec.planted": "Sembrados",
    "rub.rec.found": "Sembrados, encontrados",
    "rub.rec.missed": "Sembrados, no encontrados",
    "rub.rec.wrongly_removed": "Ítems buenos eliminados",
    "rub.judge": "Juez",
    "rub.leaderboard": "Clasificación según {judge}",
    "rub.bump": "Posiciones por juez (punteado: antes de filtrar)",
    "rub.rank": "Posición",
    "rub.share": "Ejecuciones superadas",
    "rub.heatmap": "Veredictos de {judge} (✕ = ítem eliminado)",
    "rub.removed": "Ítems eliminados ({count})",
    "rub.removed_row": "✕ eliminado",
    "rub.removed_rows": (
        "{rows} filas para {items} ítems: un ítem que eliminó más de un filtro tiene una fila por cada uno."
    ),
    "rub.reason.trivial": "lo superan todos los candidatos con {rule} (superados/juzgados: {detail})",
    "rub.reason.impossible": "no lo supera ningún candidato con {rule} (superados/juzgados: {detail})",
    "rub.reason.misaligned": (
        "sus veredictos correlacionan por debajo de {cutoff} con el DRFR de los candidatos sin él, con {rule} "
        "({detail})"
    ),
    "rub.reason.unstable": (
        "el veredicto cambia entre ejecuciones en {changing} de {repeated} pares (candidato, juez) "
        "({share} > {cutoff})"
    ),
    "rub.col.prompt": "Prompt",
    "rub.col.item": "Ítem",
    "rub.col.reason": "Motivo",
    "rub.explain_title": "Cómo se definen el DRFR y los filtros",
    "rub.explain": (
        "**DRFR** (InFoBench): ítems superados / ítems juzgados × 100, agrupando todos los ítems, por candidato "
        "y juez, con intervalo de Wilson. Las ejecuciones repetidas se combinan por mayoría; los empates cuentan "
        "como no superados. **Los filtros** usan los veredictos por mayoría de cada juez y se activan cuando la "
        "regla se cumple con todos los jueces (o con alguno, si se elige); inestable mira las ejecuciones "
        "crudas. Un ítem eliminado por dos filtros aparece una vez por filtro."
    ),
    # página del banco de trabajo de datasets
    "nav.datasets": "Banco de datasets",
    "home.wb_summary": "Qué hace fiable un dataset de evaluación: metadata, estratos, particiones, versiones y fugas.",
    "wb.title": "Banco de datasets",
    "wb.intro": (
        "Un dataset de evaluación es evidencia para una pregunta, así que necesita más que casos: metadata para "
        "desglosar resultados, una versión que todos puedan nombrar, un registro de cada cambio de etiqueta, "
        "particiones separadas y una búsqueda de casos que se filtran de una partición a otra."
    ),
    "wb.load_builtin": "Cargar el dataset incluido",
    "wb.upload": "Sube un dataset RAG",
    "wb.upload_other": "Comparar con otra versión",
    "wb.upload_other_help": "Sube una segunda versión del dataset para ver qué cambió.",
    "wb.strata_field": "Desglosar por",
    "wb.metric": "Métrica",
    "wb.min_units": "Muy pocas unidades por debajo de",
    "wb.ngram": "Longitud de n-gramas de caracteres",
    "wb.cutoff": "Casi duplicado con similitud de Jaccard de al menos",
    "wb.version": "Versión",
    "wb.version_help": (
        "SHA-256 de los casos en forma canónica, ordenados por id; el registro de cambios no forma parte. Una "
        "etiqueta cambiada da otra versión."
    ),
    "wb.cases": "Casos",
    "wb.revisions": "Cambios de etiquetas",
    "wb.missing": "{count} casos no tienen lo que este análisis necesita ({fields}): {ids}",
    "wb.missing.one": "1 caso no tiene lo que este análisis necesita ({fields}): {ids}",
    "wb.table": "Casos y su metadata",
    "wb.strata_title": "Métricas por {field}",
    "wb.overall": "dataset completo",
    "wb.hidden.clear": (
        "{metric} falla en {field} = {value} mientras el dataset completo supera el umbral: la media lo oculta, "
        "y todo el intervalo del estrato queda por debajo del umbral."
    ),
    "wb.hidden.uncertain": (
        "{metric} está por debajo del umbral en {field} = {value} mientras el dataset completo lo supera: la "
        "media lo oculta, pero el intervalo del estrato aún alcanza el umbral, así que hacen falta más casos."
    ),
    "wb.too_small": "Muy pocas unidades para decir algo ({min_units} o menos): {values}.",
    "wb.value": "Valor",
    "wb.method.exact": "Se listan todos los pares en el umbral o por encima (búsqueda exacta: {method}).",
    "wb.method.minhash": "Conjunto grande: pares hallados con MinHash LSH y verificados de forma exacta. "
                          "Un par justo en el umbral se pierde con probabilidad de a lo sumo {miss}; "
                          "nunca se lista nada por debajo del umbral.",
    "wb.leakage_title": "Fugas y duplicados (se comparan las preguntas)",
    "wb.leakage": "Entre particiones: fugas",
    "wb.duplicates": "Dentro de una partición: duplicados",
    "wb.split_a": "partición a",
    "wb.text_a": "pregunta a",
    "wb.split_b": "partición b",
    "wb.text_b": "pregunta b",
    "wb.similarity": "Jaccard",
    "wb.kind": "tipo",
    "wb.kind.exact": "exacto",
    "wb.kind.near": "casi",
    "wb.balance": "Casos positivos y negativos por partición (positivo: supera todos los umbrales RAG)",
    "wb.split": "Partición",
    "wb.positive": "positivos",
    "wb.negative": "negativos",
    "wb.splits_title": "Asignar particiones",
    "wb.splits_help": (
        "Estratificadas por un campo de metadata y reproducibles desde la semilla: la misma semilla da las "
        "mismas particiones."
    ),
    "wb.stratify_by": "Estratificar por",
    "wb.assign": "Asignar",
    "wb.heldout_title": "Disciplina con el conjunto reservado",
    "wb.heldout_show": "Mostrar resultados del conjunto reservado",
    "wb.heldout_result": "{metric} en los {count} casos reservados: {value}",
    "wb.heldout_result.one": "{metric} en el único caso reservado: {value}",
    "wb.heldout_reveals": (
        "Veces que se mostraron resultados del conjunto reservado desde que se cargó este dataset: {count}."
    ),
    "wb.heldout_doc": (
        "Un conjunto reservado (held-out) que se revisa una y otra vez, cambiando prompts tras cada fallo, deja "
        "de ser evidencia independiente. Rota casos, mantén un conjunto privado o limita el acceso, y registra "
        "qué datos guiaron el diseño y cuáles solo lo probaron."
    ),
    "wb.history": "Registro de cambios de etiquetas",
    "wb.unit_kind": "Unidades",
    "wb.unit_id": "Unidad",
    "wb.field": "Etiqueta",
    "wb.new_value": "Valor nuevo",
    "wb.old": "Valor anterior",
    "wb.reason": "Motivo",
    "wb.author": "Autor",
    "wb.time": "Hora",
    "wb.apply_change": "Cambiar la etiqueta y registrarlo",
    "wb.no_reason": "(sin motivo)",
    "wb.no_history": "Aún no se ha cambiado ninguna etiqueta.",
    "wb.diff_title": "Diferencias con la otra versión",
    "wb.diff_added": "Añadidos: {ids}",
    "wb.diff_removed": "Eliminados: {ids}",
    "wb.diff_changed": "Modificados: {ids}",
    "wb.diff_summary": "{added} añadidos, {removed} eliminados, {changed} cambiados, {labels} cambios de etiquetas.",
    "wb.before": "Esta versión",
    "wb.after": "Otra versión",
    "wb.download": "Descargar con el registro de cambios",
    # ---------------------------------------------------------------- threshold explorer
    "nav.thresholds": "Explorador de umbrales",
    "home.thr_summary": (
        "Mueve un umbral o un peso y mira qué casos cambian de lado, y con qué seguridad se decide cada uno."
    ),
    "thr.title": "Explorador de umbrales",
    "thr.intro": (
        "Una tasa de aprobados depende de dónde pongas el umbral. La curva muestra la proporción de casos cuyo "
        "valor alcanza cada umbral, con su banda de Wilson al 95 %; las listas dicen exactamente qué casos "
        "cambian de lado entre dos umbrales. Un caso es un aprobado o un suspenso **claro** solo cuando su "
        "propio intervalo queda entero a un lado del umbral; si no, es **incierto**: harían falta más etiquetas."
    ),
    "thr.source": "Dataset",
    "thr.source.workbench": "Banco de datasets (65 casos, con tus cambios de etiqueta)",
    "thr.source.rag": "Página de diagnóstico RAG (tus etiquetas)",
    "thr.source.upload": "Subir un dataset",
    "thr.no_data": "Sube un dataset RAG (JSON o JSONL) en la barra lateral para explorarlo.",
    "thr.mode": "Qué se mueve",
    "thr.mode.threshold": "El umbral de una dimensión",
    "thr.mode.weight": "Un peso del compuesto",
    "thr.current": "Umbral",
    "thr.compare": "Comparar con el umbral",
    "thr.current_mark": "ahora",
    "thr.compare_mark": "comparar",
    "thr.equal_mark": "pesos iguales",
    "thr.x_threshold": "Umbral de {metric}",
    "thr.x_weight": "Peso bruto de {metric} (los demás fijos)",
    "thr.y_rate": "Casos que aprueban",
    "thr.y_rate_composite": "Casos cuyo compuesto aprueba",
    "thr.pass_rate": "Tasa de aprobados",
    "thr.pass_rate_help": "Casos cuyo valor alcanza el umbral, sobre los casos donde el valor es aplicable.",
    "thr.band": "Intervalo de Wilson al 95 %",
    "thr.clear_help": (
        "Aprobado claro: el intervalo del caso queda entero en el umbral o por encima. Suspenso claro: entero "
        "por debajo. Incierto: el intervalo cruza el umbral."
    ),
    "thr.curve_title": "Tasa de aprobados según el umbral de {metric}",
    "thr.weight_curve_title": "Tasa de aprobados del compuesto al mover el peso de {metric}",
    "thr.flips_title": "Casos que cambian de lado entre {a} y {b}",
    "thr.weight_flips_title": "Casos que cambian de lado entre pesos iguales y un peso de {weight} en {metric}",
    "thr.newly_failing": "Aprobaban antes, suspenden después",
    "thr.newly_passing": "Suspendían antes, aprueban después",
    "thr.value": "Valor",
    "thr.range": "Intervalo (o cota)",
    "thr.standing": "Situación",
    "thr.standing.pass": "Aprobado claro",
    "thr.standing.uncertain": "Incierto",
    "thr.standing.fail": "Suspenso claro",
    "thr.standing.na": "N/A",
    "thr.composite_threshold": "Umbral del compuesto",
    "thr.weight": "Peso de {metric}",
    "thr.other_weights": "Los demás pesos",
    "thr.composite_bound_note": (
        "Para el compuesto, claro e incierto usan una cota construida con el intervalo de cada dimensión (la "
        "media ponderada de los mínimos y de los máximos, o su mínimo): un rango conservador, no un intervalo "
        "de confianza."
    ),
    "thr.not_applicable": "{count} casos no tienen unidades etiquetadas para esto y quedan fuera: {ids}.",
    "thr.not_applicable.one": "1 caso no tiene unidades etiquetadas para esto y queda fuera: {ids}.",
    "thr.all_cases": "Todos los casos con el ajuste actual ({count})",
    # ---------------------------------------------------------------- sample-size planner
    "nav.planner": "Planificador de muestra",
    "home.plan_summary": (
        "Cuántas etiquetas necesita un intervalo de cierto ancho, y si dos resultados difieren de verdad."
    ),
    "plan.title": "Planificador de tamaño de muestra",
    "plan.intro": (
        "Una proporción sobre pocas unidades tiene un intervalo ancho. Di qué valor esperas y cuánta precisión "
        "necesitas (la semiamplitud: el intervalo será más o menos el valor ± esa cantidad), y el planificador "
        "busca el número de unidades calculando el propio intervalo de Wilson para cada n. Al lado se muestra "
        "la fórmula habitual de la aproximación normal: coincide en el centro y falla cerca de 0 % y 100 %."
    ),
    "plan.need_title": "¿Cuántas unidades necesito?",
    "plan.expected": "Proporción esperada",
    "plan.expected_help": (
        "El valor que esperas observar, por ejemplo 0,8 si unos cuatro de cada cinco pasajes son "
        "relevantes."
    ),
    "plan.half_width": "Semiamplitud deseada",
    "plan.half_width_help": "0,05 significa que el intervalo debería ser el valor ± 5 puntos porcentuales.",
    "plan.confidence": "Nivel de confianza",
    "plan.wilson_n": "Unidades necesarias (Wilson)",
    "plan.wilson_n_help": "El menor n cuyo intervalo de Wilson en el valor esperado no es más ancho de lo pedido.",
    "plan.normal_n": "Aproximación normal",
    "plan.normal_n_help": "z² p(1−p) / h²: la fórmula de manual. Da 1 en 0 % y 100 %, donde no sirve.",
    "plan.reading": (
        "Con **{n}** unidades etiquetadas y un valor observado de {expected}, el intervalo de Wilson al {level} "
        "mide aproximadamente ± {half}."
    ),
    "plan.differ": (
        "Aquí la aproximación normal engaña: pide {normal} unidades donde el intervalo de Wilson necesita "
        "{wilson}. Cerca de 0 % y 100 % el intervalo normal se colapsa; fíate de la cifra de Wilson."
    ),
    "plan.wilson": "Intervalo de Wilson",
    "plan.normal": "Aproximación normal",
    "plan.x_n": "Número de unidades etiquetadas (escala logarítmica)",
    "plan.y_half_width": "Semiamplitud del intervalo",
    "plan.buys_title": "¿Qué da un número de unidades dado?",
    "plan.n": "Número de unidades etiquetadas",
    "plan.buys": (
        "Con {n} unidades y un valor observado de {expected}, el intervalo al {level} es ± {wilson} (Wilson) "
        "o ± {normal} (aproximación normal)."
    ),
    "plan.compare_title": "¿Son dos resultados realmente distintos?",
    "plan.compare_intro": (
        "Dos configuraciones (dos recuperadores, dos prompts) dan cada una una proporción. El intervalo de "
        "Newcombe para su diferencia dice si la distancia podría ser ruido con esta confianza."
    ),
    "plan.config_a": "Configuración A",
    "plan.config_b": "Configuración B",
    "plan.units": "Unidades etiquetadas",
    "plan.successes": "Éxitos",
    "plan.compare_bad": "Revisa los conteos: {message}",
    "plan.compare_na": "Una configuración no tiene unidades etiquetadas: la diferencia es N/A.",
    "plan.difference": "Diferencia A − B",
    "plan.difference_help": "La proporción de A menos la de B, con el intervalo híbrido de Newcombe al {level}.",
    "plan.interval": "Intervalo al {level} de la diferencia: de {low} a {high}.",
    "plan.distinguishable": "Distinguibles al {level}: el intervalo no incluye el cero.",
    "plan.not_distinguishable": (
        "No distinguibles al {level}: el intervalo incluye el cero, así que la distancia podría ser ruido. "
        "Etiqueta más unidades antes de declarar un ganador."
    ),
    # ---------------------------------------------------------------- annotator agreement
    "nav.agreement": "Acuerdo entre anotadores",
    "home.agr_summary": "Dos personas etiquetan las mismas unidades: acuerdo bruto, kappa de Cohen y cada desacuerdo.",
    "agr.title": "Acuerdo entre anotadores",
    "agr.intro": (
        "Dos anotadores etiquetan las mismas unidades. Las etiquetas se emparejan por caso, unidad y nombre de "
        "etiqueta; las unidades que solo etiquetó una parte se cuentan y quedan fuera."
    ),
    "agr.source": "Etiquetas",
    "agr.source.builtin": "Par incluido (24 casos, dos anotadores)",
    "agr.source.upload": "Subir dos ficheros de etiquetas",
    "agr.upload_a": "Anotador A (dataset RAG exportado)",
    "agr.upload_b": "Anotador B (dataset RAG exportado)",
    "agr.upload_help": (
        "La descarga de la página RAG o del banco, etiquetada por cada persona; los ids deben "
        "coincidir."
    ),
    "agr.upload_both": "Sube los ficheros de los dos anotadores en la barra lateral.",
    "agr.builtin_note": "Par incluido: los mismos 24 casos etiquetados por dos anotadores; B se saltó un caso.",
    "agr.field": "Etiqueta",
    "agr.field.all": "Todas las etiquetas juntas",
    "agr.field.relevant": "Pasaje relevante",
    "agr.field.supported": "Afirmación respaldada",
    "agr.field.correct": "Afirmación correcta",
    "agr.field.covered": "Hecho cubierto",
    "agr.value.true": "sí",
    "agr.value.false": "no",
    "agr.raw": "Acuerdo bruto",
    "agr.raw_help": "Proporción de unidades en las que ambos pusieron la misma etiqueta.",
    "agr.kappa": "Kappa de Cohen",
    "agr.kappa_help": "Acuerdo más allá del que daría el azar: 1 es perfecto, 0 es el nivel del azar.",
    "agr.chance": "Acuerdo esperado por azar",
    "agr.chance_help": (
        "Con qué frecuencia coincidirían dos personas etiquetando al azar, cada una con sus propias "
        "tasas."
    ),
    "agr.raw_line": "Acuerdo bruto: {line}.",
    "agr.kappa_line": "Kappa {kappa}, intervalo al 95 % de {low} a {high}.",
    "agr.kappa_na": (
        "Kappa no está definida aquí: los dos anotadores usaron una misma etiqueta para todas las unidades, así "
        "que el azar explica todo el acuerdo. El acuerdo bruto se sigue mostrando."
    ),
    "agr.note.constant_annotator": (
        "Kappa sin intervalo: un anotador dio la misma etiqueta a todas las unidades, así que kappa es 0 haga lo "
        "que haga el otro, y su intervalo habitual se reduciría a un solo punto que aparenta una certeza que los "
        "datos no dan."
    ),
    "agr.note.zero_variance": (
        "Kappa sin intervalo: con un acuerdo tan completo, su intervalo habitual se reduce a un solo punto, que "
        "aparentaría una certeza que unas pocas unidades no pueden dar. Etiquete más unidades para saber cuán "
        "estable es."
    ),
    "agr.matched": (
        "{units} unidades etiquetadas por ambos · {only_a} solo por A · {only_b} solo por B · "
        "{neither} por ninguno (todas fuera)."
    ),
    "agr.cases_only_a": "Casos solo en el fichero de A ({count}): {ids}.",
    "agr.cases_only_b": "Casos solo en el fichero de B ({count}): {ids}.",
    "agr.why_title": "Por qué kappa es menor que el acuerdo bruto",
    "agr.why": (
        "Los anotadores coinciden en el {raw} de las unidades. Pero cuando la mayoría de las etiquetas son "
        "iguales (casi todos los pasajes relevantes, casi todas las afirmaciones respaldadas), dos personas "
        "coincidirían a menudo incluso adivinando con sus propias tasas: aquí el {chance} de las veces. Kappa "
        "mide el acuerdo más allá de ese nivel del azar, (observado − azar) / (1 − azar) = **{kappa}**. Un "
        "acuerdo bruto alto con una kappa modesta indica que el desacuerdo está en la etiqueta rara: escribe "
        "una guía más clara para ella."
    ),
    "agr.why_general": (
        "Kappa compara el acuerdo observado con el que daría el azar, (observado − azar) / (1 − azar)."
    ),
    "agr.table_title": "Tabla de confusión (filas: A, columnas: B)",
    "agr.disagreements_title": "Desacuerdos ({count})",
    "agr.unit": "Unidad",
    "agr.label": "Etiqueta",
    "agr.text": "Texto",
    "agr.no_disagreements": "Sin desacuerdos.",
    # ---------------------------------------------------------------- workshop limits and confirmations
    "limits.file_too_large": (
        "el fichero ocupa {size} MB; esta página admite hasta {limit} MB. Para ficheros mayores usa la línea "
        "de órdenes: `{command}`"
    ),
    "limits.too_many": (
        "{count} elementos son más de los que esta página maneja en vivo ({limit}). Usa la línea de órdenes: "
        "`{command}`"
    ),
    "confirm.replace": (
        "¿Sustituir los datos que estás etiquetando? Se perderán las etiquetas que cambiaste en {count} de "
        "sus casos. Descárgalas antes si quieres conservarlas."
    ),
    "confirm.replace_upload": (
        "¿Sustituir los datos que estás etiquetando por {name}? Se perderán las etiquetas que cambiaste en "
        "{count} de sus casos. Descárgalas antes si quieres conservarlas."
    ),
    "confirm.yes": "Sí, sustituir",
    "confirm.no": "No, conservar mis etiquetas",
    # ---------------------------------------------------------------- dónde se guarda el trabajo
    "store.saved": "Guardado en este servidor a las {time}",
    "store.nothing_yet": "Aún no hay nada que guardar: tus cambios se guardan a medida que los haces",
    "store.not_saved": (
        "Tu último cambio **no se guardó**: {problem}. No se conserva; la página muestra lo que está guardado."
    ),
    "store.your_work": "Tu trabajo y su enlace",
    "store.link_help": (
        "Todo lo que haces aquí se guarda sobre la marcha, con este enlace. Ábrelo de nuevo (tras cerrar la "
        "pestaña, en otro dispositivo o cuando el servidor se reinicie) para seguir donde lo dejaste. No lo "
        "compartas: quien tenga el enlace ve y cambia tu trabajo."
    ),
    "store.download_all": "Descargar todo (JSON)",
    "store.start_fresh": "Empezar de cero",
    "store.start_fresh_help": (
        "Un espacio de trabajo nuevo y vacío, con un enlace nuevo. Tu trabajo actual sigue guardado con su enlace."
    ),
    "store.fresh": "Este es un espacio de trabajo nuevo. Tu trabajo anterior sigue guardado con su propio enlace.",
    "store.bad_link": "El código del espacio de trabajo del enlace no es válido; se empezó uno nuevo.",
    "store.unknown": (
        "No hay trabajo guardado con este enlace (puede haberse borrado tras mucho tiempo sin uso); "
        "se empezó un espacio de trabajo nuevo."
    ),
    "store.corrupt": (
        "El trabajo guardado con este enlace no se pudo leer ({place}: {problem}); se empezó un espacio de "
        "trabajo nuevo. El anterior queda como estaba en el servidor."
    ),
    "store.unavailable": "El playground no puede acceder a su almacén, así que no se puede guardar nada: {problem}",
    "rub.generator_source": "el generador",
    "data.stored_upload": "Guardado en tu espacio de trabajo: {name}",
    "data.remove_upload": "Quitar este archivo",
    # ---------------------------------------------------------------- salas de taller
    "nav.room": "Sala de taller",
    "home.room_summary": (
        "Para facilitadores: la clase etiqueta los mismos casos en sus dispositivos y tú lo ves en directo."
    ),
    "room.title": "Sala de taller",
    "room.intro": (
        "Una sala es un conjunto de casos RAG para toda una clase. Cada participante los etiqueta en su propio "
        "dispositivo, como en la página RAG; la vista de quien facilita (y una vista de solo lectura para el "
        "proyector) muestra qué etiquetó la clase, cuánto coinciden y las unidades donde más discrepan, "
        "actualizada cada pocos segundos."
    ),
    "room.join_title": "Entrar en una sala",
    "room.code": "Código de la sala",
    "room.code_help": "Seis letras y cifras que da quien facilita (en la pizarra o el proyector).",
    "room.name": "Tu nombre o un alias",
    "room.name_help": (
        "Quien facilita lo ve junto a tu avance. Vale cualquier nombre; si ya está tomado, lleva un número."
    ),
    "room.join": "Entrar",
    "room.code_needed": "Escribe el código de la sala.",
    "room.name_needed": "Escribe un nombre o un alias: quien facilita lo ve junto a tu avance.",
    "room.unknown": "No hay ninguna sala {code} en este servidor: comprueba el código con quien facilita.",
    "room.joined_notice": (
        "Estás en la sala. Etiqueta los casos de abajo; tus etiquetas se guardan sobre la marcha y quien "
        "facilita ve el avance de la clase. Tu trabajo anterior, si lo había, sigue en su propio enlace."
    ),
    "room.create_title": "Crear una sala (quien facilita)",
    "room.create_help": (
        "Elige los casos que etiquetará la clase. Recibirás un código y un enlace para participantes, un enlace "
        "para el proyector (solo lectura) y tu enlace de facilitación, que lleva un secreto: guárdalo para ti."
    ),
    "room.room_title": "Título de la sala",
    "room.default_title": "Taller de etiquetado RAG",
    "room.source": "Casos",
    "room.source.scenario": "Escenario incluido",
    "room.source.upload": "Subir un dataset RAG",
    "room.create": "Crear la sala",
    "room.upload_first": "Sube antes un dataset RAG (el archivo se lee antes de crear la sala).",
    "room.yours": "Tus salas",
    "room.open_facilitator": "vista de facilitación",
    "room.open_projector": "vista de proyector",
    "room.bad_key": (
        "Este enlace no abre la vista de facilitación de la sala (falta su secreto o no es correcto). "
        "Las personas participantes entran con el código de la sala."
    ),
    "room.bad_view": "Este enlace no abre la vista de proyector de la sala (falta su clave o no es correcta).",
    "room.facilitator_title": "Sala: {title}",
    "room.code_line": "Código de la sala **{code}**: se entra con él en la página Sala de taller.",
    "room.join_line": "Entra en **{url}** con el código **{code}**",
    "room.links_title": "Enlaces",
    "room.participant_link": "Para participantes (abre el formulario de entrada con el código ya puesto):",
    "room.projector_link": "Para el proyector (solo lectura, sin controles ni secreto):",
    "room.facilitator_link": (
        "El tuyo, con los controles: guárdalo para ti (quien lo tenga puede revelar y congelar)."
    ),
    "room.controls": "Controles de la sala",
    "room.reveal": "Revelar las etiquetas de referencia y la distribución de la clase",
    "room.reveal_help": (
        "Cada participante ve, junto a sus etiquetas, la etiqueta de referencia (si los casos la tienen) y cómo "
        "etiquetó la clase cada unidad. Desactívalo para volver a ocultarlas."
    ),
    "room.freeze": "Congelar las etiquetas",
    "room.freeze_help": (
        "Detiene los cambios de todas las personas participantes (sus páginas se bloquean en pocos segundos). "
        "Desactívalo para permitirlos."
    ),
    "room.exports": (
        "Todas las etiquetas en filas largas (sala, participante, caso, unidad, dimensión, etiqueta, hora):"
    ),
    "room.export_csv": "Descargar etiquetas (CSV)",
    "room.export_jsonl": "Descargar etiquetas (JSONL)",
    "room.export_majority": "Descargar el dataset de la mayoría de la clase (formato de caso RAG)",
    "room.state.revealed": "etiquetas de referencia reveladas",
    "room.state.hidden": "etiquetas de referencia ocultas",
    "room.state.frozen": "etiquetas congeladas por quien facilita",
    "room.state.open": "etiquetado abierto",
    "room.refresh_note": "se actualiza cada {seconds} s",
    "room.progress_title": "Quién está etiquetando",
    "room.joined": "Han entrado",
    "room.finished": "Han terminado",
    "room.labelling": "Siguen etiquetando",
    "room.nobody_yet": "Aún no ha entrado nadie. Se entra con el código de la sala.",
    "room.col.participant": "Participante",
    "room.col.labels": "Etiquetas dadas",
    "room.col.units": "Unidades",
    "room.col.status": "Estado",
    "room.status.done": "terminado",
    "room.status.labelling": "etiquetando",
    "room.refused": "{count} cambios de etiqueta guardados no encajaban en los casos de la sala y se dejaron fuera.",
    "room.refused.one": "1 cambio de etiqueta guardado no encajaba en los casos de la sala y se dejó fuera.",
    "room.agreement_title": "Acuerdo en la clase",
    "room.all_labels": "Todas las etiquetas juntas",
    "room.col.alpha": "Alfa de Krippendorff",
    "room.col.alpha_interval": "alfa, intervalo del {level}",
    "room.col.fleiss": "Kappa de Fleiss",
    "room.col.fleiss_interval": "kappa, intervalo del {level}",
    "room.col.note": "Nota",
    "room.units_used": "{used} usadas, {left_out} fuera",
    "room.undefined": "no definido",
    "room.agreement_help": (
        "Alfa usa cada unidad etiquetada por al menos dos personas y mide el desacuerdo más allá del azar (1: "
        "perfecto, 0: no mejor que el azar). La kappa de Fleiss necesita unidades etiquetadas por todas las "
        "personas que etiquetaron algo. Intervalos: {resamples} remuestreos bootstrap sobre unidades, con semilla."
    ),
    "room.note.no_pairable_units": "ninguna unidad tiene aún etiquetas de dos personas",
    "room.note.no_variation": (
        "todo el mundo dio la misma etiqueta, así que el acuerdo por azar es completo y el estadístico no está "
        "definido"
    ),
    "room.note.fewer_than_two_annotators": "han etiquetado menos de dos personas",
    "room.note.no_complete_units": "ninguna unidad está etiquetada por todas las personas: mira alfa",
    "room.note.no_defined_resample": "no definido en ningún remuestreo: sin intervalo",
    "room.disputed_title": "Dónde discrepa más la clase",
    "room.col.unit": "Unidad",
    "room.col.label": "Etiqueta",
    "room.col.distribution": "Etiquetas de la clase",
    "room.col.majority": "Mayoría",
    "room.col.reference": "Referencia",
    "room.col.reference_of": "{label}: referencia",
    "room.col.class_of": "{label}: clase",
    "room.distribution": "{yes} sí / {no} no / {unlabelled} sin etiquetar",
    "room.tie": "empate",
    "room.no_disagreement": "Sin discrepancias por ahora: quien etiquetó cada unidad le dio la misma etiqueta.",
    "room.more_disputed": "{count} etiquetas discutidas más en la tabla completa de abajo.",
    "room.more_disputed.one": "1 etiqueta discutida más en la tabla completa de abajo.",
    "room.metrics_title": "Métricas de la clase (etiquetas de la mayoría)",
    "room.majority_help": (
        "Cada unidad recibe la etiqueta que le dio la mayoría de la clase; un empate cuenta como sin etiquetar "
        "(empates ahora: {ties}). Recuentos e intervalos de Wilson del 95 % como en la página RAG."
    ),
    "room.spread_title": "Los valores propios de cada participante",
    "room.spread_na": "No se muestran (nada etiquetado en esa dimensión): {details}",
    "room.distributions_title": "Cada unidad: las etiquetas de la clase",
    "room.you_are": "Sala de taller **{code}** ({title}): etiquetas como **{name}**.",
    "room.frozen_note": "Quien facilita ha congelado las etiquetas: puedes mirarlas, no cambiarlas.",
    "room.unavailable": (
        "No se puede acceder a la sala de taller {code} ({problem}); tus propias etiquetas siguen guardadas."
    ),
    # ---------------------------------------------------------------- campos de metadata y sus códigos
    "meta.language": "idioma",
    "meta.domain": "ámbito",
    "meta.difficulty": "dificultad",
    "meta.source": "origen",
    "meta.split": "partición",
    "meta.risk": "riesgo",
    "meta.reason": "motivo",
    "meta.created": "creado",
    "meta.provenance": "procedencia",
    "meta.missing": "(sin valor)",
    "meta.domain.banking": "banca",
    "meta.domain.health": "salud",
    "meta.domain.retail": "comercio",
    "meta.domain.telecom": "telecomunicaciones",
    "meta.domain.travel": "viajes",
    "meta.difficulty.easy": "fácil",
    "meta.difficulty.medium": "media",
    "meta.difficulty.hard": "difícil",
    "meta.source.expert": "experto",
    "meta.source.incident": "incidente",
    "meta.source.production": "producción",
    "meta.source.synthetic": "sintético",
    "meta.split.smoke": "humo",
    "meta.split.dev": "desarrollo",
    "meta.split.regression": "regresión",
    "meta.split.held-out": "reservado",
    "meta.risk.low": "bajo",
    "meta.risk.medium": "medio",
    "meta.risk.high": "alto",
    "meta.language.en": "inglés",
    "meta.language.es": "español",
    "value.yes": "sí",
    "value.no": "no",
    "value.unlabelled_label": "sin etiquetar",
    "wb.by_none": "(ninguno)",
    "wb.method_name.prefix": "índice de filtrado por prefijos",
    "wb.method_name.brute": "todos los pares comparados",
    "wb.method_name.minhash": "MinHash LSH",
    "wb.threshold_line": "umbral {value}",
    "wb.field_absent": (
        "Ningún caso tiene el campo {field}, así que todos caen en un único estrato «(sin valor)». Campos que "
        "tienen los casos: {present}."
    ),
    "sum.note.ignored_keys": '{where}: se ignoraron claves junto a "{key}": {ignored}',
    "sum.note.python_literal": (
        "{where}: leído como un literal de Python (comillas simples), como lo imprime el documento 002"
    ),
    "sum.note.bare_rubrics_repaired": (
        '{where}: los miembros de la rúbrica estaban escritos directamente dentro de "rubrics": [...] (no es JSON '
        "válido, como en el ejemplo categórico del documento 002); se leyeron como un único objeto de rúbrica"
    ),
    "data.upload_limit": "(hasta {mb} MB)",
    "data.upload_box_note": (
        "Arrastra un archivo a la caja o pulsa «Upload» para elegirlo (la caja de Streamlit muestra sus textos en "
        "inglés: «Drag and drop» es arrastrar y soltar, «per file» es por archivo)."
    ),
    "diagnosis.ok_uncertain": (
        "Ninguna dimensión falla con estos umbrales, pero {count} siguen sin decidir ({names}): el intervalo "
        "cruza el umbral, así que hacen falta más unidades etiquetadas para saberlo."
    ),
    "diagnosis.ok_uncertain.one": (
        "Ninguna dimensión falla con estos umbrales, pero 1 sigue sin decidir ({names}): el intervalo cruza el "
        "umbral, así que hacen falta más unidades etiquetadas para saberlo."
    ),
    # ---------------------------------------------------------------- juez y etiquetas manuales (issue 17)
    "nav.judge": "Juez y etiquetas manuales",
    "home.judge_summary": (
        "Un juez automático en cada unidad y unas pocas etiquetas manuales al azar: intervalos honestos (PPI)."
    ),
    "judge.title": "Juez y etiquetas manuales",
    "judge.intro": (
        "Los equipos pasan un juez automático por miles de unidades y etiquetan a mano unas decenas. ¿Cuánto "
        "puedes fiarte de la cifra del juez y cuántas etiquetas manuales necesitas? Etiqueta las unidades que esta "
        "página saca para ti y observa tres intervalos: el del **juez solo** (estrecho, pero desviado tanto como "
        "sesgado esté el juez), el de tus **etiquetas manuales solas** (honesto y ancho) y el de **PPI**, que "
        "corrige al juez con tus etiquetas (honesto, y más estrecho cuando el juez es bueno)."
    ),
    "judge.builtin_note": (
        "Conjunto incluido: {cases} casos de atención al cliente (una tienda en línea, una operadora móvil, un "
        "banco, una aerolínea), 300 unidades por dimensión. Sus etiquetas de referencia están **ocultas**: empiezas "
        "sin ninguna etiqueta manual. Los veredictos los da el juez léxico incluido, que es **débil a propósito**: "
        "cuenta palabras en común, así que no ve un número cambiado, no reconoce una paráfrasis y da por relevante "
        "un pasaje que repite las palabras de la pregunta. Sus errores son lo que PPI corrige."
    ),
    "judge.upload_note": "Tu fichero {name}: {cases} casos.",
    "judge.judged_by_builtin": (
        "El fichero no traía veredictos de ningún juez, así que los ha dado el juez léxico incluido (débil a "
        "propósito). Puedes adjuntar los veredictos de tu propio juez en la barra lateral."
    ),
    "judge.load_builtin": "Cargar el conjunto incluido",
    "judge.upload": "Subir casos con veredictos de un juez, o resultados de RAGAS",
    "judge.upload_help": (
        "Casos RAG (JSON o JSONL) cuyas unidades llevan judge_relevant, judge_supported, judge_correct o "
        "judge_covered; o resultados de RAGAS (filas de to_pandas() en CSV o JSONL) con columnas faithfulness, "
        "context_precision, context_recall o factual_correctness. Los textos propios del cuadro de subida están en "
        "inglés."
    ),
    "judge.attach_title": "Adjuntar la salida de un juez",
    "judge.attach_help": (
        "Veredictos por unidad de cualquier juez, emparejados por id de caso y de unidad, o resultados de RAGAS "
        "emparejados por id de caso. Siguen con estos casos hasta que cargues otros datos."
    ),
    "judge.verdicts_upload": "Fichero de veredictos (case_id, unit_id, dimension, judge_verdict)",
    "judge.verdicts_upload_help": (
        "CSV, JSON Lines o una lista JSON. judge_verdict es true/false, 1/0, yes/no, o vacío si no hay veredicto; "
        "las demás columnas se ignoran. Las unidades que el fichero no nombra conservan sus veredictos."
    ),
    "judge.ragas_upload": "Resultados de RAGAS (puntuaciones por caso)",
    "judge.ragas_upload_help": (
        "Filas de to_pandas() en CSV o JSON Lines, emparejadas con los casos por su columna id o, si no la hay, "
        "por posición (ragas-001, ...). Una puntuación NaN o vacía cuenta como sin juzgar, nunca como 0."
    ),
    "judge.attached_failed": "No se usa el fichero adjunto {name}: {message}",
    "judge.cannot_compute": "No se pueden calcular los intervalos: {message}",
    "judge.show_tuned": "Mostrar también PPI++",
    "judge.show_tuned_help": (
        "PPI++ aprende de tus etiquetas cuánto peso darle al juez (lambda, de 0 a 1), de modo que un juez malo no "
        "lo vuelve más ancho que tus etiquetas solas. Con pocas etiquetas acierta menos de lo anunciado; la cifra "
        "principal sigue siendo la de PPI."
    ),
    "judge.seed": "Semilla del orden de etiquetado",
    "judge.seed_help": (
        "Las unidades se ofrecen en un orden aleatorio sacado de esta semilla (la simulación también la usa). Otra "
        "semilla da otro orden uniforme; tus etiquetas se conservan."
    ),
    "judge.mode": "Juez",
    "judge.mode.units": "Veredictos por unidad",
    "judge.mode.ragas": "Puntuaciones de RAGAS (la unidad es el caso)",
    "judge.dimension": "Dimensión",
    "judge.ragas_note": (
        "RAGAS puntúa casos enteros, no pasajes ni afirmaciones, así que aquí **la unidad es el caso**. El "
        "veredicto del juez sobre un caso es si su puntuación de {column} alcanza el umbral de puntuación; tu "
        "etiqueta manual, si la proporción de sus {units} que marcas «sí» alcanza el umbral de aprobado; PPI estima "
        "la proporción de casos que aprueban. Etiquetas un caso etiquetando sus {units} por turno."
    ),
    "judge.score_threshold": "Umbral de puntuación de RAGAS (el veredicto es «sí» desde este valor)",
    "judge.pass_threshold": "Umbral de aprobado de un caso (proporción de sus {units} marcadas «sí»)",
    "judge.tab.label": "Etiquetar y estimar",
    "judge.tab.simulate": "Simulación: ¿cuántas veces acierta cada intervalo?",
    "judge.next_title": "Etiqueta la siguiente",
    "judge.progress": "Has etiquetado {labelled} de {pool} {units} con veredicto del juez y has saltado {skipped}.",
    "judge.progress_cases": "Has etiquetado {labelled} de {pool} casos puntuados; {units} que saltaste: {skipped}.",
    "judge.where": "{unit} {unit_id} del caso {case_id}",
    "judge.case_where": "Caso {case_id}: {unit} {position} de {count}",
    "judge.unit.context_relevance": "pasaje",
    "judge.unit.faithfulness": "afirmación",
    "judge.unit.correctness": "afirmación",
    "judge.unit.coverage": "hecho de referencia",
    "judge.unit_plural.context_relevance": "pasajes",
    "judge.unit_plural.faithfulness": "afirmaciones",
    "judge.unit_plural.correctness": "afirmaciones",
    "judge.unit_plural.coverage": "hechos de referencia",
    "judge.unit_plural.case": "casos",
    "judge.question.context_relevance": "¿Es este pasaje relevante para la pregunta?",
    "judge.question.faithfulness": "¿Respaldan los pasajes esta afirmación?",
    "judge.question.correctness": "¿Es correcta esta afirmación frente a la referencia?",
    "judge.question.coverage": "¿Cubre la respuesta este hecho de referencia?",
    "judge.yes": "Sí",
    "judge.no": "No",
    "judge.skip": "Saltar",
    "judge.undo": "Deshacer la última respuesta",
    "judge.verdict_hidden": "El veredicto del juez queda oculto hasta que respondas, para que no te influya.",
    "judge.case_verdict_hidden": "La puntuación de RAGAS de este caso queda oculta, para que no te influya.",
    "judge.all_done": (
        "Todas las unidades con veredicto están etiquetadas o saltadas. Elige otra dimensión o deshaz una respuesta."
    ),
    "judge.nothing_to_label": (
        "Ninguna unidad tiene veredicto del juez en esta dimensión, así que no hay de dónde sacar unidades."
    ),
    "judge.last_label": "Última respuesta ({where}): dijiste **{yours}**, el juez dijo **{judge}**.",
    "judge.last_skip": "Última respuesta ({where}): saltaste esta unidad.",
    "judge.value.yes": "sí",
    "judge.value.no": "no",
    "judge.value.none": "sin veredicto",
    "judge.value.skipped": "sin responder",
    "judge.stale": (
        "Esa respuesta no se guardó: los casos cambiaron entretanto (¿en otra pestaña?). {message}"
    ),
    "judge.why_random_title": "Por qué la página elige la unidad",
    "judge.why_random": (
        "PPI corrige al juez con las unidades que etiquetas, y la corrección solo es insesgada si esas unidades son "
        "una **muestra aleatoria uniforme** de las unidades juzgadas: todas con la misma probabilidad de salir, "
        "sea cual sea su texto, su veredicto o lo fácil que parezcan. Etiquetar las primeras, las dudosas o las "
        "que el juez dio por buenas la sesgaría. Por eso la página baraja las unidades una vez (semilla {seed}) y "
        "te las ofrece en ese orden. Salta solo una unidad que de verdad no puedas juzgar: saltar las difíciles "
        "también sesga la muestra."
    ),
    "judge.results": "Intervalos de {dimension}",
    "judge.method.judge_only": "Juez solo",
    "judge.method.hand_labels": "Etiquetas manuales solas",
    "judge.method.ppi": "PPI",
    "judge.method.ppi_tuned": "PPI++",
    "judge.method_help.judge_only": (
        "Intervalo de Wilson sobre los veredictos del juez en todas las unidades juzgadas: la cifra del juez "
        "tomada al pie de la letra. Estrecho, porque hay muchos veredictos; desviado tanto como sesgado esté el juez."
    ),
    "judge.method_help.hand_labels": (
        "Intervalo de Wilson solo con tus etiquetas manuales. Honesto, y ancho mientras sean pocas."
    ),
    "judge.method_help.ppi": (
        "Inferencia potenciada por predicciones (Angelopoulos et al., 2023): la tasa del juez en las unidades que "
        "no etiquetaste, corregida con el error del juez medido en las que sí. Contiene el valor real más o menos "
        "tantas veces como anuncia, y es más estrecho que tus etiquetas solas cuando el juez es bueno."
    ),
    "judge.method_help.ppi_tuned": (
        "PPI++ (Angelopoulos, Duchi y Zrnic, 2024): PPI dándole al juez solo el peso (lambda) que tus etiquetas "
        "dicen que merece."
    ),
    "judge.chart.title": (
        "Gráfico: estimación (punto) e intervalo del {level} (barra) de {dimension} según el juez solo, tus "
        "etiquetas manuales solas y PPI"
    ),
    "judge.chart.truth": "valor real {value}",
    "judge.card.interval": "intervalo del {level}: {low} a {high} (anchura {width})",
    "judge.card.judge_only": "{successes} «sí» de {total} veredictos",
    "judge.card.no_verdicts": "N/A: ninguna unidad tiene veredicto",
    "judge.card.hand_labels": "{successes} «sí» de {total} etiquetas manuales",
    "judge.card.ppi": "{labelled} con etiqueta manual + {unlabelled} solo con veredicto",
    "judge.card.ppi_na": "N/A: etiqueta primero una unidad con veredicto",
    "judge.card.lambda": "peso que se da al juez: lambda = {lam}",
    "judge.worth": (
        "Aquí los {verdicts} veredictos del juez valen unas **{worth} etiquetas manuales más**: PPI con tus "
        "{labelled} etiquetas es tan preciso como unas {effective} etiquetas manuales solas."
    ),
    "judge.worth_negative": (
        "Aquí el juez resta precisión: PPI con tus {labelled} etiquetas solo es tan preciso como unas {effective} "
        "etiquetas manuales solas (los {verdicts} veredictos del juez valen {worth}). El juez discrepa de ti "
        "demasiado a menudo para ayudar; PPI++ le da menos peso."
    ),
    "judge.worth_none": (
        "Aquí el juez no aporta casi nada: PPI con tus {labelled} etiquetas es más o menos tan preciso como tus "
        "etiquetas solas ({effective})."
    ),
    "judge.last_label_case": "Última respuesta ({where}): dijiste **{yours}**.",
    "judge.worth_tuned": "PPI++: unas {worth} etiquetas manuales más (lambda = {lam}).",
    "judge.worth_na": (
        "Cuántas etiquetas manuales vale el juez se verá cuando hayas etiquetado unidades con veredicto."
    ),
    "judge.show_truth": "Mostrar el valor real (las etiquetas de referencia ocultas)",
    "judge.show_truth_help": (
        "Para enseñar: las etiquetas de referencia del conjunto incluido dan la tasa real que todo intervalo "
        "intenta contener. Con datos reales no hay tal línea: para eso etiquetas."
    ),
    "judge.truth_line": (
        "Las etiquetas de referencia ocultas dan **{value}** ({successes} de {total} {units}). Juez solo: {judge}. "
        "Etiquetas manuales solas: {hand}. PPI: {ppi}."
    ),
    "judge.truth.covers": "lo contiene",
    "judge.truth.misses": "no lo contiene",
    "judge.truth.na": "N/A",
    "judge.truth_match": "Tus etiquetas manuales coinciden con la referencia en {matching} de {compared} unidades.",
    "judge.note.clipped": (
        "El intervalo normal se salía del rango de 0 a 1 ({raw_low} a {raw_high}, estimación {raw_estimate}); las "
        "cifras mostradas están recortadas a [0, 1]."
    ),
    "judge.note.one_judge_verdict": (
        "El juez dio el mismo veredicto a todas las unidades, así que no aporta información: PPI++ usa lambda = 0, "
        "el intervalo clásico sobre tus {labelled} etiquetas manuales."
    ),
    "judge.note.no_unlabelled_units": (
        "Todas las unidades juzgadas tienen también etiqueta manual, así que el juez no añade nada: el intervalo es "
        "el clásico sobre tus {labelled} etiquetas manuales (lambda = 0)."
    ),
    "judge.note.few_labels": (
        "Solo {labelled} etiquetas manuales: la aproximación normal en la que se apoya PPI puede contener el valor "
        "real menos veces de lo anunciado. Etiqueta al menos {minimum}."
    ),
    "judge.note.few_disagreements": (
        "El juez y tú discrepáis en {disagreements} de las {labelled} unidades etiquetadas ({judge_yes} con el juez "
        "en «sí» y tú en «no», {judge_no} con el juez en «no» y tú en «sí»). La corrección descansa en tan pocas "
        "unidades que el intervalo puede quedar demasiado estrecho, más aún si todas van en la misma dirección."
    ),
    "judge.note.worth_undefined_labels": (
        "Por ahora no se puede decir cuánto vale el juez: tus {labelled} etiquetas manuales son todas iguales, así "
        "que su varianza estimada es 0."
    ),
    "judge.note.worth_undefined_ppi": (
        "Aquí no se puede decir cuánto vale el juez: la varianza estimada de la estimación de PPI es 0."
    ),
    "judge.note.no_pairs": (
        "Todavía ninguna unidad tiene a la vez tu etiqueta y un veredicto del juez, así que PPI y el acuerdo no "
        "están disponibles: etiqueta algunas unidades con veredicto."
    ),
    "judge.note.labelled_without_verdict": (
        "Unidades con etiqueta manual y sin veredicto del juez: {count}. Cuentan para el intervalo de las "
        "etiquetas manuales, no para PPI ni para el acuerdo."
    ),
    "judge.note.no_verdicts": (
        "Ninguna unidad tiene veredicto del juez en esta dimensión, así que solo está el intervalo de las etiquetas "
        "manuales. Adjunta un fichero de veredictos o resultados de RAGAS en la barra lateral."
    ),
    "judge.note.case_is_the_unit": (
        "Cada caso es una unidad: su etiqueta manual es si su {dimension} etiquetada alcanza {pass_threshold}; su "
        "veredicto, si su puntuación de RAGAS en {column} alcanza {score_threshold}; PPI estima la proporción de "
        "casos que aprueban."
    ),
    "judge.note.undetermined_scores": (
        "Casos sin puntuación de {column} (RAGAS no pudo determinarla): {count}. Cuentan como sin juzgar, nunca "
        "como 0."
    ),
    "judge.note.unscored_cases": "Casos sin fila en el fichero de RAGAS: {count}. Cuentan como sin juzgar.",
    "judge.note.labelled_without_verdict.one": (
        "Una unidad con etiqueta manual y sin veredicto del juez: cuenta para el intervalo de las etiquetas "
        "manuales, no para PPI ni para el acuerdo."
    ),
    "judge.note.undetermined_scores.one": (
        "Un caso sin puntuación de {column} (RAGAS no pudo determinarla): cuenta como sin juzgar, nunca como 0."
    ),
    "judge.note.unscored_cases.one": "Un caso sin fila en el fichero de RAGAS: cuenta como sin juzgar.",
    "judge.agreement_title": "El juez frente a tus etiquetas",
    "judge.agreement_none": "Todavía ninguna unidad tiene a la vez etiqueta manual y veredicto del juez.",
    "judge.agreement_units": "Unidades con tu etiqueta y un veredicto del juez: {units} ({unit_plural}).",
    "judge.table.you_yes": "Tú: sí",
    "judge.table.you_no": "Tú: no",
    "judge.table.judge_yes": "Juez: sí",
    "judge.table.judge_no": "Juez: no",
    "judge.accuracy_line": (
        "**Exactitud {value}**: coincidís en {agreed} de {units} (intervalo del {level}: {low} a {high})."
    ),
    "judge.kappa_line": "**Kappa de Cohen {value}** (intervalo del {level}: {low} a {high}).",
    "judge.kappa_alone": "**Kappa de Cohen {value}** (sin intervalo).",
    "judge.kappa_na": "**Kappa de Cohen**: aquí no está definido.",
    "judge.kappa_note.no_units": "Kappa necesita unidades con etiqueta manual y veredicto a la vez.",
    "judge.kappa_note.one_category": (
        "El juez y tú pusisteis a todas las unidades la misma etiqueta, así que el azar explica todo el acuerdo y "
        "kappa no está definido."
    ),
    "judge.kappa_note.constant_annotator": (
        "El juez o tú pusisteis la misma etiqueta a todas las unidades, así que kappa vale 0 haga lo que haga el "
        "otro; su intervalo habitual se reduciría a un punto que afirma una certeza que los datos no dan, y no se "
        "muestra."
    ),
    "judge.kappa_note.zero_variance": (
        "Con un acuerdo tan completo, el intervalo habitual de kappa se reduce a un punto que afirmaría una certeza "
        "que un puñado de unidades no puede dar, y no se muestra."
    ),
    "judge.sensitivity_line": (
        "**Sensibilidad {value}** ({successes} / {total}): con qué frecuencia el juez dice «sí» donde tú dijiste «sí»."
    ),
    "judge.false_positive_line": (
        "**Tasa de falsos positivos {value}** ({successes} / {total}): con qué frecuencia el juez dice «sí» donde tú "
        "dijiste «no»."
    ),
    "judge.bias_line": (
        "**Sesgo del juez {value}**: el juez dice «sí» al {judge} y tú al {human}, en las mismas unidades "
        "(intervalo del {level}: {low} a {high})."
    ),
    "judge.bias_help": (
        "El sesgo es la tasa del juez menos la tuya en las unidades que tienen ambas. Su intervalo es el de "
        "Newcombe para proporciones emparejadas: las dos tasas salen de las mismas unidades."
    ),
    "judge.points": "{value} puntos",
    "judge.answers_title": "Tus respuestas ({count}), la más reciente primero",
    "judge.col.unit": "Unidad",
    "judge.col.yours": "Tú",
    "judge.col.judge": "Juez",
    "judge.explain_title": "Cómo leer esta página",
    "judge.explain": (
        "- **Juez solo** trata cada veredicto como la verdad. Su intervalo es estrecho porque hay muchos "
        "veredictos, y se equivoca en lo que esté sesgado el juez: más unidades lo estrechan alrededor de la cifra "
        "equivocada.\n"
        "- **Etiquetas manuales solas** usa solo tus etiquetas: honesto, y ancho mientras sean pocas.\n"
        "- **PPI** toma la tasa del juez en las unidades que no etiquetaste y le resta el error medio del juez "
        "medido en las que sí (el juez dice «sí» y tú «no», y al revés). Con un buen juez su intervalo es honesto "
        "y más estrecho que tus etiquetas solas; con uno malo puede ser más ancho, y entonces PPI++ se apoya más "
        "en tus etiquetas.\n"
        "- **Cuánto vale el juez**: cuántas etiquetas manuales solas darían la precisión de PPI, menos las que "
        "pusiste.\n"
        "- Todos los intervalos usan la confianza elegida en la barra lateral; el de PPI es una aproximación normal "
        "(la pestaña de simulación muestra cuándo fiarse). Una unidad con etiqueta manual y sin veredicto cuenta "
        "solo para el intervalo de las etiquetas manuales; etiquetas y veredictos nunca se mezclan en un recuento.\n"
        "- Las etiquetas que venían en un fichero subido cuentan como etiquetas manuales: PPI supone que también se "
        "sacaron al azar de entre las unidades juzgadas."
    ),
    "judge.reset": "Borrar mis etiquetas y saltos",
    "judge.reset_confirm": "¿Borrar todas las etiquetas manuales y saltos que diste en esta página y empezar de nuevo?",
    "judge.sim.intro": (
        "Una población inventada con una tasa real, un juez con una sensibilidad y una tasa de falsos positivos "
        "dadas, y etiquetas manuales sacadas al azar de entre las unidades juzgadas, repetido muchas veces con una "
        "semilla fija. Cada repetición forma los intervalos como la otra pestaña; la tabla cuenta cuántas veces "
        "contiene cada uno la tasa real. Prueba:"
    ),
    "judge.sim.preset.unbiased": "Juez exacto y sin sesgo",
    "judge.sim.preset.one_sided": "Juez 10 puntos por encima, 40 etiquetas",
    "judge.sim.preset.one_sided_more": "El mismo juez, 100 etiquetas",
    "judge.sim.preset.weak": "Juez flojo (65 % de exactitud)",
    "judge.sim.true_rate": "Tasa real",
    "judge.sim.sensitivity": "Sensibilidad del juez («sí» cuando la verdad es «sí»)",
    "judge.sim.false_positive_rate": "Tasa de falsos positivos del juez («sí» cuando la verdad es «no»)",
    "judge.sim.labelled": "Etiquetas manuales (n)",
    "judge.sim.judged": "Unidades juzgadas (N, incluidas las etiquetadas a mano)",
    "judge.sim.repeats": "Repeticiones",
    "judge.sim.implied": (
        "Este juez dice «sí» al **{rate}** de las unidades, acierta en el **{accuracy}** y tiene un sesgo de "
        "**{bias}**."
    ),
    "judge.sim.error": "No se puede simular: {message}",
    "judge.sim.summary": (
        "En {repeats} repeticiones, el intervalo contiene la tasa real: juez solo, el **{judge}** de las veces; "
        "etiquetas manuales solas, el **{hand}**; PPI, el **{ppi}** (lo anunciado: {level})."
    ),
    "judge.sim.col.method": "Intervalo",
    "judge.sim.col.coverage": "Contiene el valor real",
    "judge.sim.col.coverage_interval": "Rango Monte Carlo del 95 %",
    "judge.sim.col.verdict": "Frente al nivel anunciado",
    "judge.sim.col.width": "Anchura media",
    "judge.sim.col.estimate": "Estimación media",
    "judge.sim.range": "{low} a {high}",
    "judge.sim.verdict.as_stated": "como se anuncia",
    "judge.sim.verdict.under": "menos de lo anunciado",
    "judge.sim.verdict.over": "más de lo anunciado",
    "judge.sim.table_help": (
        "Semilla {seed}. El rango Monte Carlo dice cuánto podría moverse la propia proporción con otras "
        "repeticiones; un nivel fuera de él es una diferencia real, no ruido."
    ),
    "judge.sim.warn_few_labels": (
        "Con {n} etiquetas manuales la aproximación normal de PPI es frágil: cuenta con que contenga el valor real "
        "menos veces de lo anunciado. Usa al menos 30, mejor 100."
    ),
    "judge.sim.warn_few_disagreements": (
        "Se espera que el juez y las etiquetas manuales discrepen en solo unas {expected} de las {n} unidades "
        "etiquetadas: la corrección de PPI descansa en ese puñado, y su intervalo puede quedar demasiado estrecho."
    ),
    "judge.sim.warn_few_disagreements_one_sided": (
        "Se espera que el juez y las etiquetas manuales discrepen en solo unas {expected} de las {n} unidades "
        "etiquetadas, y todas en la misma dirección: la corrección de PPI descansa en ese puñado, y su intervalo "
        "puede quedar demasiado estrecho. Es el caso en el que PPI acierta menos."
    ),
    "judge.sim.distrust_title": "Cuándo desconfiar del intervalo de PPI",
    "judge.sim.distrust": (
        "El intervalo de PPI es una aproximación normal. Con 2000 repeticiones con semilla (docs/judge.md):\n\n"
        "- Con pocas etiquetas manuales **y** errores del juez raros y en una sola dirección, contiene el valor real "
        "menos veces de lo anunciado: 40 etiquetas y un juez 10 puntos por encima (sensibilidad 1, tasa de falsos "
        "positivos 1/3) dan 0,91, no 0,95. Con 100 etiquetas vuelve a 0,95.\n"
        "- PPI++ se queda más corto con pocas etiquetas (0,89 en ese caso, y 0,88 con 100 etiquetas cuando el juez "
        "falla solo en el 4 % de las unidades): lambda se estima con esas mismas pocas etiquetas. Con menos de unos "
        "cientos de etiquetas, mejor PPI a secas.\n"
        "- Un juez flojo (65 % de exactitud) hace a PPI más ancho que las etiquetas manuales solas (0,235 frente a "
        "0,191 con 100 etiquetas): el juez vale entonces un número negativo de etiquetas, y PPI++ vuelve a "
        "aproximadamente la anchura de las etiquetas solas.\n"
        "- El intervalo propio de un juez sin sesgo sí contiene el valor real: el juez solo falla por sesgo, no por "
        "ruido. Solo las etiquetas manuales te dicen el sesgo de un juez real."
    ),
    # ---------------------------------------------------------------- annotator agreement: editing both labels
    "agr.labels_title": "Etiquetas de los dos anotadores",
    "agr.labels_help": (
        "Una fila por etiqueta, un caso cada vez. Marca o desmarca una casilla en la columna del anotador A o "
        "del B y todas las cifras de esta página la siguen; {differ} señala dónde no coinciden. Los cambios se "
        "guardan en tu espacio de trabajo."
    ),
    "agr.col.a": "Anotador A",
    "agr.col.a_help": "La etiqueta de A: marcada es sí, desmarcada es no, vacía es sin etiquetar.",
    "agr.col.b": "Anotador B",
    "agr.col.b_help": "La etiqueta de B: marcada es sí, desmarcada es no, vacía es sin etiquetar.",
    "agr.col.differ_help": "Señalada donde A y B pusieron etiquetas distintas a esta unidad.",
    "agr.col.kind": "Unidad",
    "agr.kind.passages": "Pasaje",
    "agr.kind.claims": "Afirmación",
    "agr.kind.reference_facts": "Hecho",
    "agr.case_missing_a": "El fichero del anotador A no tiene el caso {case}: aquí su columna no se puede cambiar.",
    "agr.case_missing_b": "El fichero del anotador B no tiene el caso {case}: aquí su columna no se puede cambiar.",
    "agr.refused": (
        "El fichero del anotador {annotator} no tiene la unidad {unit} en el caso {case}, así que esa casilla no "
        "cambió: cada anotador etiqueta las unidades de su propio fichero."
    ),
    "agr.no_rows": "Este caso no tiene ninguna unidad con esta etiqueta.",
    "agr.changed": (
        "{count} etiquetas cambiadas respecto a los ficheros cargados («Restablecer etiquetas», en la barra "
        "lateral, las deshace)."
    ),
    "agr.changed.one": (
        "1 etiqueta cambiada respecto a los ficheros cargados («Restablecer etiquetas», en la barra lateral, "
        "la deshace)."
    ),
    "agr.download_a": "Descargar las etiquetas del anotador A",
    "agr.download_b": "Descargar las etiquetas del anotador B",
    # access code (workshop mode) and unexpected errors
    "access.intro": (
        "Este playground está abierto a un taller. Escribe el código de acceso que te dio quien facilita, o el "
        "código de tu sala de taller."
    ),
    "access.code": "Código de acceso o de sala",
    "access.code_help": "Da igual si usas mayúsculas, espacios o guiones.",
    "access.enter": "Entrar",
    "access.wrong": "Ese código no abre este playground. Compruébalo con quien facilita.",
    "access.misconfigured": (
        "El código de acceso de este servidor es demasiado corto, así que nadie puede entrar. Quien lo inició debe "
        "poner en {variable} al menos {length} letras o cifras y volver a iniciarlo."
    ),
    "page_crash.message": (
        "Algo salió mal aquí (error {id}); ha quedado registrado. Tu trabajo hasta ahora está guardado. Si vuelve "
        "a pasar, di a quien facilita el código de error: {id}."
    ),
}
