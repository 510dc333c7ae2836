"""The annotator agreement page: the two annotators' labels, built in, uploaded or edited (data)."""
