"""summaries"""
