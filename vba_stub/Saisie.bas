Attribute VB_Name = "Saisie"
' What the buttons that ask a question share: the question in the workbook's language, and
' the answers handed to Python as data that cannot run anything.
' No button here: every Sub and Function takes arguments. Portable VBA only (InputBox and the
' file dialogs of Application exist in Excel for Windows and for Mac).

Option Explicit

' The French text, or the English one in a workbook whose sheets are the English ones
' (a sheet named Players, Teams, Rounds, Settings or Standings: addin/events/press.py).
Function Texte(ByVal francais As String, ByVal anglais As String) As String
    Dim feuille As Object
    Texte = francais
    If ActiveWorkbook Is Nothing Then Exit Function
    For Each feuille In ActiveWorkbook.Worksheets
        Select Case feuille.Name
            Case "Players", "Teams", "Rounds", "Settings", "Standings"
                Texte = anglais
                Exit Function
        End Select
    Next feuille
End Function

' Asks one question; False when the organiser cancels (the answer may be empty).
Function Demander(ByVal francais As String, ByVal anglais As String, ByRef reponse As String) As Boolean
    Dim saisie As Variant
    saisie = Application.InputBox(Texte(francais, anglais), "Appariements", Type:=2)
    If VarType(saisie) = vbBoolean Then
        Demander = False
    Else
        reponse = CStr(saisie)
        Demander = True
    End If
End Function

' A file to read, chosen in the file dialog; False when the organiser cancels.
Function ChoisirFichier(ByVal francais As String, ByVal anglais As String, ByRef chemin As String) As Boolean
    Dim choix As Variant
    choix = Application.GetOpenFilename(, , Texte(francais, anglais))
    If VarType(choix) = vbBoolean Then
        ChoisirFichier = False
    Else
        chemin = CStr(choix)
        ChoisirFichier = True
    End If
End Function

' A file to write, chosen in the save dialog; False when the organiser cancels.
Function ChoisirDestination(ByVal nom As String, ByVal francais As String, ByVal anglais As String, _
                            ByRef chemin As String) As Boolean
    Dim choix As Variant
    choix = Application.GetSaveAsFilename(nom, , , Texte(francais, anglais))
    If VarType(choix) = vbBoolean Then
        ChoisirDestination = False
    Else
        chemin = CStr(choix)
        ChoisirDestination = True
    End If
End Function

' "Saisir un résultat" of every kind: the round, the board (asked as the kind names it) and the
' result (one of codes; empty clears it), typed as 'appariements result' does.
Sub SaisirResultatDe(ByVal tableFr As String, ByVal tableEn As String, ByVal codes As String)
    Dim ronde As String, table As String, resultat As String
    If Not Demander("Ronde ?", "Round?", ronde) Then Exit Sub
    If Not Demander(tableFr, tableEn, table) Then Exit Sub
    If Not Demander("Résultat (" & codes & " ; vide : l'effacer) ?", "Result (" & codes & "; empty: clear it)?", _
                    resultat) Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.enter_result(" & PyArgs(ronde, table, resultat) & ")"
End Sub

' "Abandon" of every kind: who withdraws and the first round not played (empty: what the kind's question
' says), as 'appariements withdraw' does.
Sub AbandonDe(ByVal quiFr As String, ByVal quiEn As String, ByVal rondeFr As String, ByVal rondeEn As String)
    Dim qui As String, ronde As String
    If Not Demander(quiFr, quiEn, qui) Then Exit Sub
    If Not Demander(rondeFr, rondeEn, ronde) Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.withdraw_entrant(" & PyArgs(qui, ronde) & ")"
End Sub

' The answers as the arguments of a Python call: each text becomes the list of its UTF-16
' code units ("Né" -> [78,233]), digits and commas only, so nothing typed can become code;
' addin.excel.buttons.typed reads them back.
Function PyArgs(ParamArray textes() As Variant) As String
    Dim k As Long, i As Long, texte As String, sortie As String
    For k = LBound(textes) To UBound(textes)
        texte = CStr(textes(k))
        If k > LBound(textes) Then sortie = sortie & ","
        sortie = sortie & "["
        For i = 1 To Len(texte)
            If i > 1 Then sortie = sortie & ","
            sortie = sortie & CStr(AscW(Mid$(texte, i, 1)) And &HFFFF&)
        Next i
        sortie = sortie & "]"
    Next k
    PyArgs = sortie
End Function
