Attribute VB_Name = "Installation"
' Event: *
' Group: Installation | Installation
' The installation check, on every workbook and in the add-in's ribbon (appariements).

Option Explicit

' "Vérifier l'installation": writes into a sheet "Installation" what the buttons run on
' (appariements, Python, xlwings, the language of the messages, the CP-SAT solver), so an
' organiser sees at a glance that Python answers the buttons.
' Button: Vérifier l'installation | Check the installation
Sub VerifierInstallation()
    RunPython "import addin.excel.buttons; addin.excel.buttons.check_installation()"
End Sub
