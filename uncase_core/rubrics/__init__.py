"""rubrics"""
