"""The rank tables of :data:`croupier.rank.STUD40` (Art 5) and its showing patterns (Art 10
b-d), shipped prebuilt (issue 22).

Building them costs ~40 ms at every start of a stud command (every formation key by the
reference ranking of the articles, then the perfect-hash tables), about 0.7% of a simulation of
10,000 hands, and they never change. :data:`_DATA` holds them (zlib, base64): the keys, weakest
first, and the hash tables' arrays (:class:`~croupier.rank.model.HashTables`). They are written
by ``python -m croupier.games.five_card_stud.prebuilt`` and loaded by :func:`load`; a test
rebuilds them from the code and checks the shipped data is exactly what the code makes
(``tests/games/five_card_stud/test_prebuilt.py``), so the data is a cache, never a second source
of truth. :func:`prime_ranking` hands them to :data:`~croupier.rank.STUD40`
(:meth:`~croupier.rank.model.RankRules.prime`), which then skips building them.

The same for the showing patterns of 1 to 4 up cards (:class:`~croupier.rank.showing.MaskPatterns`,
both readings of the flush draws): worked out from the reference as they first come, they cost
~70 ms over a simulation's first hands; :data:`_SHOWING` holds every one (:func:`build_showing`,
:func:`load_showing`; the test compares them too), :func:`prime_showing` fills the tables.
"""

from __future__ import annotations

import array
import base64
import struct
import sys
import threading
import zlib
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from croupier.rank.model import HashTables, Key, RankRules

__all__ = [
    "build",
    "build_showing",
    "dump",
    "dump_showing",
    "load",
    "load_showing",
    "prime_ranking",
    "prime_showing",
]

_LOCK: Final = threading.Lock()

#: the shipped tables: :func:`dump` of :func:`build` (zlib, then base64)
_DATA: Final = (
    "eNrt3XfU1kTb9/uZJDPpiA2wK2JDBURFRBREpNmwARYQEayo2BBREXvHjtixISAgKKKiYsPeFRGwoWBDRLAgNny/5y/i"
    "/bxlvXvtf/Z61l6X1/0Zc00mk8xxJHNeiVnn/ZI3hv+ZHWDqG7P5t9bMTIy54edq2aSxd5FJk6qMq9JHJlN9llRlXJW+"
    "Kp3JUtWncVX6qqzVJ6pJfFWqJtZy7EyuPvOkKuOq9FXJWvWZq89cfeZpVZ+oJvFVqZpYy3G17E2eadssrkpflazNtG2m"
    "bbOkqom1HFfLtW1TtUl9VdbqU7VJ42pZbRLVJKpJvCk0liKpyrgqfVU6U2gshcZSaCxFWtUnqkl8Vaom1nJcLdOzxlJo"
    "LIXGUmgshcZSaCyFxlJoLIXGUmTVtqnapL4qa/Wp2qRxtaw2iWoS1SRVTWyKXPvN46r0VUmbXPvNtd88qWpiLcfVMj3k"
    "2m+u/ebab6795tpvnlZtEtUkqkmqmtp+M22b+aqsrc20bRZXy7WWmbbNtG2WVDXaNlV9qvpU9WlsSuWlVF5K5aVUXkrl"
    "pVReSuWlTKv6RDWJr0rVxFqOq2VvSuWlVF5K5aVUXkrlpVReSuWlVF5K5aXMqm1TtUl9VdbqU7VJ42pZbRLVJKpJqhrG"
    "oryUykupvJTKS6m8lMpLqbyUykupvJTKS6m8lMpLqbyUykupvJTKS6m8lMpLqbyUebXfTNtmviprazNtm8XVcq1lpm0z"
    "bZslVY22TVWfqj5VfVrVJ6YsNKIirkpflbQsNKJCIyqSqibWclwt00+hERUaUaERFRpRoREVadUmUU2imqSqYe+FRlRo"
    "RIVGVGhEhUZUaESFRlRoRIVGVGTVtqnqU9Wnqk+r+tqIcvWc+6qstcnVcx5Xy7X2uXrO1XOeVDW1HnL1nKvnXD3naVWv"
    "njOtzbQ209pMa7PERrWw2SipyrgqPWWqmjSuStUkWk6q5ZgyU5ssrspafaY2WVItq02qmlQ1aVWTUObaNo+rsrY217Z5"
    "Ui3XWubaNte2eVrVaNtM9ZnqM9VnVX1KWajnIq7KWptCPRdJtVxrX6jnQj0XaVVT66FQz4V6LtRzkVX16jnX2lxrc63N"
    "tTav1maUpfZexlVZa1lq72VSLde2KrX3Unsv06qm1k+pvZfae6m9l1lVX+u/1N5L7b3U3kvtvcyrtdp7oTaF2hRqU6hN"
    "oTZF1SY31tUuGuuSqoyrkq1cqpo0rkrVJFpOqmX6dJnaZHFV1uoztVHeXVa1SVWTqiatajgSl2vbPK7K2tpc2yrvTnl3"
    "ubZV3p3y7vJq20z1meoz1WdVPaNzhXou4qqstSnUs/LulHdXqGfl3SnvTnl3hXpW3p3y7pR3V1Q951qba22utbnW5tVa"
    "oupK7b2Mq7LWstTelXenvLtSe1fenfLulHdXau/Ku1PenfLulHdXau/Ku1PenfLulHdXVnsv1KZQm0JtCrUp1Kao2pB3"
    "X5syrU+qMq5KzhmfqkZ592lVk2g5qZbp02dqo7x7XfVeefe66n1WtUlVk6omrWo4Ep9rW+Xd66r3yrvXVe+Vd6+8e131"
    "Xnn3ebVtpvpM9Znqs6qe0flCPSvvXle9V969rnqvvHvl3euq98q7V9698u511Xvl3Svvvqh6zrU219pca3Otzau1RNWX"
    "2rvy7nXVe+Xd66r3yrtX3r2ueq+8e+XdK+9eV71X3r3y7pV3r7x7XfVeeffKu1fefVntvVCbQm0KtSnUplCbompD3vXH"
    "po2TqvRVyVax8h7rqo/TqibRclItc0bFynusqz7WnB8r77HyHmdVm1Q1qWrSqoYjiZX3WFd9rDk/Vt5j5T3WVR8r77Hy"
    "Huuqj/Nq20z1meoz1WdVPaOLlfdYV32sOT9W3mPlPdZVHyvvsfIe66qPlfdYeY+V91hXfay8x0XVc661udbmWptrbV6t"
    "Jaqx8h7rqo8158fKe6y8x7rqY+U9Vt5jXfWx8h4r77HyHuuqj5X3WHmPlfdYeY911cfKe6y8x2W190JtCrUp1KZQm0Jt"
    "iqoNedefsVZ/xlr9GWv1Z6xNlPdEeU/SqibWclwt02eivCfKe6K8J7r2E137SVa1SVWTqiatajgPE+U9Ud4T5T3RtZ/o"
    "2k808yfKe6K8J8p7klfbZqrPVJ+pPqvqGV2ivCfKe6K8J7r2E137iWb+RHlPlPdEeU901SfKe6K8J8p7oqs+Kaqec63N"
    "tTbX2lxr82otUU2U90R5T5T3RNd+oms/0cyfKO+J8p4o74mu+kR5T5T3RHlPdNUnynuivCfKe6K8J7rqE+U9Kau9F2pT"
    "qE2hNoXaFGpTVG3Iu25TrG5TrG5TrG5TrG5TrG5TrG5TrG5TrG5TrG5TbKq8p8p7qrynynuqvKdZ1SZRTaKapKrhSFLl"
    "PVXeU+U9Vd5T5T1V3lPNAKlmgFQzQJpX22aqz1SfqT6r6jm3U+U9Vd5T5T1V3lPlPVXeU80AqWaAVDNAqvk/Vd5T5T1V"
    "3lPlPS2qnnOtzbU219pca/NqLVFNlfdUeU+V91R5T5X3VHlPNQOkmgFSzQCp5v9UeU+V91R5T5X3VFd9qrynynuqvKfK"
    "e6qrPi2rvRdqU6hNoTaF2hRqU1RtyLtuMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1u"
    "Ma1uMa1uMa1uMa1uMW2mvGfKe6a8Z8p7prxnynumvGfKe6a8Z3m1bar6VPWp6tOqntFlynumvGfKe6a8Z8p7prxnynum"
    "vGfKe6a8Z5oHMs0DmeaBTPNAVlQ951qba22utbnW5tVarqlMec+U90x5z5T3THnPlPdMec+U90x5z5T3TPNApnkg0zyQ"
    "aR7I9CmQKe+Z8p4p75nyninvWVntvVCbQm0KtSnUplCbompD3nWLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WL"
    "b3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WL"
    "b3WLb3PlPVfec+U9V95z5T1X3nPlPVfec+U9V95z5T1X3nPlPVfe86LqOdPaTGszrc20NqvWEtVcec+V91x5z5X3XHnP"
    "lfdcec+V91x5z5X3XHnPlfdcec+V91x5zzUb5JoNcs0GuWaDXLNBXlZ7L9SmUJtCbQq1KdSmqNpw1etBiNWDEKsHIVYP"
    "QqwehFg9CLF6EGL1IMTqQYjVgxCrByFWD0KsHoRYPQixehBi9SDE6kGI1YMQqwchVg9CrB6EWD0IsXoQYvUgxOpBiNWD"
    "EKsHIVYPQqwehFg9CLF6EGL1IMTqQYjVgxCrByFWD0KsHoRYPQixehBi9SDE6kGI1YMQqwchVg9CrB6EWD0IsXoQYvUg"
    "xOpBiNWDEKsHIVYPQqwehFg9CKmV1VqiWijvhfJeKO+F8l4o74XyXijvhfJeKO+F8l4o74XyXijvhfJeKO+F8l4o74Xy"
    "XijvhfJelNXec7XJ1SZXm1xtcrXJqzbkvVTey7gqfVWyVam8l8p7mVQ1sZbjapk+S+W9VN5L5b1U3kvlvUyrNolqEtUk"
    "VQ1HUirvpfJeKu+l8l4q76XyXirvpfJeKu9lVm2bqj5Vfar6tKpndKXyXirvpfJeKu+l8l4q76XyXirvpfJeKu+l8l4q"
    "76XyXirvZV71nGltprWZ1mZam1VriWqp2abUbFNqtik125SabUrNNqVmm1KzTanZptRsU2q2KTXblJptSs02pWabUrNN"
    "qdmm1GxTarYpNduURbX3XG1ytcnVJlebXG3yqk1mAhd5UytjlYnKVGWmMldZqCwpfeRUxioTlanKTGWuslCp9oShVqq9"
    "U3un9k7tndo7tXe19rH6j3VUsfqP1X+s/mP1H6v/WP3H6j92aq/+Y/Ufq/9Y/cfqP67692rvtRev9l7tvdp7tfdq72vt"
    "Ex1PouNJNOpEx5PoeBIdT6LjSXQ8iY4n0fEkGnWi40l0PImOJ9HxJDqeRMeT6HgSr/Y6nkTHk+h4Eh1PUh1PrPax2sfa"
    "S6z2sdrHah+rfVxrn+r4Ux1/quNPFdVUx5/q+FMdf6rjT3X8qY4/1fGnimqq4091/KmOP9Xxpzr+VMef6vhTRTXV8ac6"
    "/lTHn+r4Ux1/quNPdfxprPY6/lTHn+r40+r4E7VP1D5R+0R7SdQ+UftE7ZNa+0zjzTTeTOPNNN5MWcs03kzjzTTeTOPN"
    "NN5M48003kxZyzTeTOPNNN5M48003kzjzTTeTFnLNN5M48003kzjzTTeTOPNNN5MWcs03kzjzTTeTOPNNN5M48003ixR"
    "e40303izaryp2qdqn6p9qvap9pKqfar2aa19rvjkik+u+OSKT6745DorcsUnV3xyxSdXfHLFJ1d8csUn11mRKz654pMr"
    "Prnikys+ueKTKz65zopc8ckVn1zxyRWfXPHJFZ9c8cl1VuSKT6745IpPrvjkik+u+OSKT66zIld8csUnV3xyxSdXfHLF"
    "J1d88lTtFZ+8ik+m9pnaZ2qfqX2m9pn2kql9VmtfKJ6F4lkonoXiWSieheJZ6KwrFM9C8SwUz0LxLBTPQvEsFM9CZ12h"
    "eBaKZ6F4FopnoXgWimeheBY66wrFs1A8C8WzUDwLxbNQPAvFs9BZVyieheJZKJ6F4lkonoXiWSiehc66QvEsFM9C8SwU"
    "z0LxLBTPQvEsdNYVimeheBaKZ6F4FopnoXgWimeRqX0Vz1ztc7XP1T5X+1ztc7XPtZe81r5U/EvFv1T8S8W/VPxLxb9U"
    "/Eud1aXiXyr+peJfKv6l4l8q/qXiX+qsLhX/UvEvFf9S8S8V/1LxLxX/Umd1qfiXin+p+JeKf6n4l4p/qfiXOqtLxb9U"
    "/EvFv1T8S8W/VPxLxb/UWV0q/qXiXyr+peJfKv6l4l8q/qXO6lLxLxX/UvEvFf9S8S8V/1LxL3VWl4p/qfiXin+p+JeK"
    "f6n4l4p/mat9ofaF2hdqX6h9ofaF2hdqz22lCaPaax+hU+lVxioTlanKTGWuslBZ1srIqgxUhirVW6TeIvUWqTend0ic"
    "3iFxeofE6R0Sp3dInN4hcXqHxGVVfe0hptM7JE7vkDi9Q6KyVp+oJvFVqZpYy7FzeofE6R0Sp3dInN4hUemc3iFxeofE"
    "6R0SlbX6RDWJr0rVxFqOq2Xv9A6J0zskTu+QqHRO75A4vUOiUjWxluNqubZtqjapr8pafao2aVwtq02imkQ1dKR3SJze"
    "IXF6h8TpHRKVzukdEqd3SJzeIVFZq09Uk/iqVE2s5bha9k7vkDi9Q+L0DolK5/QOidM7JCpVE2s5rpZr26Zqk/qqrNWn"
    "apPG1bLaJKpJVJNUNbHTOyRO75A4vUOi0jm9Q+L0DolK1cRajqtl7/QOidM7JCpr9dpvrv0qkXqHRKVqkqqmtt9M22a+"
    "KmtrM22bxdVyrWWmbTNtmyVVjbZNVZ+qPlU9u9Q7JE7vkDi9Q6LSOb1D4vQOidM7JCpr9YlqEl+Vqom1HFfL3ukdEqd3"
    "SJzeIVHpnN4hcXqHRKVqYi3H1XJt21RtUl+VtfpUbdK4WlabRDWJapKqJnZ6h8TpHRKnd0hUOqd3SJzeIVGpmljLcbXs"
    "nd4hcXqHRGWtXvtVXvQOidM7JCpVk1Q1tf1m2jbzVVlbm2nbLK6Way0zbZtp2yyparRtqvpU9anq06o+cXqHxOkdEqd3"
    "SFQ6p3dInN4hUamaWMtxteyd3iFxeodEZa1eIyo0Il1meodEpWqSqiZ2eofE6R0SlbW1GlGhEeky0zskKlWTVDXaNlV9"
    "qvpU9WlVXxtRrp5zX5W1Nrl6zuNqudY+V8+5es6TqqbWQ66ec/Wcq+c8rerVc6a1mdZmWptprR4p84/XrO41q3vN6l6f"
    "EV6fEV6fEV6fEV6fEV6fEbG2jbVtrG1jbRtr21jbxto21raxto21baLPl0SfL4k+XxL1lqi3RL2pA/P3/8t/2Jqt2tc2"
    "rfVe3/K75Xd2GKC+43fH77UPUdRvwO8N+L0Bv6N+H37vw+99+B31W9vEtLbtYQLUn8/H5/ywPUyA+oP5Y2Bw2h4mQP0V"
    "aydmxdrtYQLUX9QiMYtatIcJUN/8H/6pvY/5f/vn/8v1teX/m//ux183/rrx143/v+/4/5/6//+7uvO/bvx1468bf934"
    "68Zf9/lf9/lfd/7Xjb9u/HXjrxt/3fjrPv/rPv/rzv+68deNv278deOvG3/d53/d53/d+V83/rrx142/bvx146/7/K/7"
    "/K87/+vO/zp16tSpU6dO3d9/dX//1Y2/bvx146+7/6mb/+vO/7rx142/bvx1468bf93nf93nf935/99r/LUvPqh9MUHt"
    "Sw9qX3lQ+8KD2tcd1L46ofbNBbVvPah9aULtKxNqX5hQ+7qE1Yz+75vM6lgLa6MBGqIR1sG6WA/rYwNsiI2xCRpjM2yO"
    "ptgG26IZmmM7tMT2aIWdsAs6YA90RGd0wd7ohUPQG31wBPriSPTDUeiPATgax+I4HI8TcRJOxek4A4NxJs7CUJyNYTgP"
    "F+IKXImrcA2uxY0YjbtxP6bhKTyNGXgGz+F5vICX8DJex3t4H7PwIebgY3yDb/E9VtZiSrLWw/rYCBujCVpgO+yI1tgZ"
    "bbAL2mJX7IZ2aI8O2AMd0Qmd0QV7Y1/sh+7YHwfiIByMXjgEvdEfA3A0jsPxOAlDcBaG4myci/MwAtdiJG7GKNyC23A7"
    "7sBo3I37MQETMQlT8DCm4Xm8gJcxBz/jFyzHb/gdK5FxUudYDRvjAByInjgWg3AKTsVpOAODcSaG4mych0twKS7DlbgK"
    "1+J23IG7MRkP4y28jXfwPmZhDhbiS3yL37ENF9u22A4dcAXGYhzGYyIm4WHMwDN4AbMwH5/jCyzAQnyJr/A1vsEifIfF"
    "+AFL8TOW41eswG/4A3/ir38ufovad6TVvoWl9m0qte8Dq33HV4l6WB1roAHWR2Nsii3QGruhHdpjd+yBjtgTXdAV++Ag"
    "HIweOASHog/643icgJMxHLfjDtyJu3EPxuBhPILH8Arm43N8ieX4HX/g70hfsmIaYR2si/WwATbERmiMTbEFmqE5WmB7"
    "7IDW2A0dsSe6ohcOxWCciSE4G+dgOK7C1bgO92AWPsBcLEJLJtnu2B8H4GD0wKE4GsfgBJyDSXgIj2Amat+ydhkux9W4"
    "E8/iOTyPF/AiXsLLeA2v423MxoeYg4/wMebjKyzG91im7yIlPtgIG2NTNMGW2AE7Ymd0wzk4F+fjejyLeViB3/A7/sJK"
    "fdsn5xJWw5pogh7oicMwEINxJobgLAzF2TgH52IYhuN8XICLcQmuwFW4GiNwDa7D9bgBI3EzbsM9uBf34QGMxQRMxeN4"
    "Ak/jLczCB5iNDzEX8/ARPsVnWIBF+A6L8QOW4ud/PkAtat8w2AAtsB1aYnvsgB2xE1qjLTqhC7piH/TBCFyL63ATxmAS"
    "HsJkTMEjmIpH8TiewNOYiRfxEl7Fa3gL8/ARPsMSLEXt2/pK1MPqWAMN0BibYgu0xrE4HifgZAzHaNyNe3A/xmA8puEx"
    "PIlX8Aa+wtf4Bt9hMZbiT/yFlfgbtqi+DXANrIWO2BNdcSgOxz2Yg7n4BEuwIX+sbIRNsQNaoQd6ohcOwWE4HL3RF0di"
    "AAbiRJyEU3AqBuMcXIALcSlGYSoexTQ8gemYgdfwOt7GfNSvxxiwJhpiS/TAIIzANbgWN+BGjMJ9uB/jMB2L8T2WIeAP"
    "sW4YjvNxMUbiJbyM1/ExPkUT/mB7HCvRij/cdkJr7IK2aI+9sQ/2Rz/ciJtwC8bjR5y0BrnGabgIb2AxvscS/IBl+BE/"
    "YTl+xR8I1iSPiBAjQYFGWAcboBm6YS/sjf3QHQehL47EAAzGGIzFOEzEDHj+IG2CzbA5tkJTNEMb7IJ26I4LcCEuxSjM"
    "RwP+mG2I9bANDkdvHIlTcTqmYwV+w+/4A3/iL6zE3//8QVz7Aq8QEWIkKFAPqzXQl32Z1bEm1sLaaIR1sAGaYDNsjq3Q"
    "FM3QBrugHfZFd/RAT/TCITgMh6M3+uJIDMBAnIiTcApOxWBcgAtxKW7EKEzFo5iGJzAdM/AaXscbeBNv4W28i/cwG/Px"
    "BRbga6zAGtwgrImG2BJNsTWaowW2Q0tsjx3RCjuhDXZBO7RHJ3RGF+yFvdEdh6M3jsQgnIrLMALX4FrcgBsxCvfhfozD"
    "dCzG91iGgBuZCA4p1kU39MOxOA7H40SchFMxDOfhQtyIl/AyXsfHWI4m3By1xWjcjfsxDXMwF/PwET7Bp/gMX2ABvsYS"
    "/ICl+Ak/YwVWIuKmyyHFumiFndAau6At2mNv7IP90Q834ibcgvGYgImYgucxBz8i44auPlbHGlgbDbAuNscW2BptcRJO"
    "xmm4CG9gIbpwQ9gV+6AP+uEo9McxOBYDMQRn4VyMwBg8i+fwImZjQ24sh+NW3Ia7MBmP4wlMx9OYgefxFt7G+1iIFWjA"
    "jWlDrIdtcDquwntYimX4BX4jrjWchJMxCKfgNJyOMzAEZ+FcXISLcQkuxxUYgVtxG+7CZLyBN/EW3sV7mI0vsABfYwW2"
    "5Oa5KbZGc7RHB+yBzuiFyzAaY/AAxuJBTMBkPIWn8RzeQ8TNuEOKddEPQzEKt+AOTMKn+AwL8DOWoy038e+gwabEBfuh"
    "Ow7EQeiF/hiA4zAUEzARU/A8sib8TYFLcCmuxO1YiCGbkTfMwVx8giVotTnn4BbMg2iO7dERV+HoLdkWX+IrfItFWILf"
    "8Qf+Rv2tiB32QGf0wmg8jvWbMvdiE7TEUNTbmjFhKZbhR/yEX7Acv+J3/IG/4bdhvkeCHAXqY31sgE3QEvtiP3THgTgI"
    "vdAfA3AchmICJmIKnsdMvIhXMQ/ZtsQRW2IrNMW2aIaW2A3tsAcOwiW4FFfidizEn+jbjLkTAzAYMzCqOXnGu3gPH2A2"
    "5uErfI3v8CeatSAn2B4dcRXuwyJ8h8X4HkvwA5ZiGX7Ez/gFy/EbfsfKFtXDIIsAIRw8YiRIkSFHidXQAA3RCOthfWyI"
    "jbENtsV26IAu6Ipu2Av7YF/shwNwIHqiD45AXxyF/jgax+J0nIGzcAXG4AGMxYOYgMl4Ck/jObyHqCXjQYp10Ribogk2"
    "wxbYElthG2yL7dAaO6MNdsVuaI8O2Bf74UAcisNwBPqhPwZhOM7HBbgYl+AKjMTNuA0T8Dg+xWdYgJ/Rdnv6xWE4HEeg"
    "L/pjEE7BGbgE12MypuBRPI4n8DRewluotwP5wvW4ATdjLF7D63gDb+JtvIN3MQsfYC7m43N8gS/xFb7BIizFcvyKP1Ds"
    "SDyxFZpiWzRDS+yGdtgDB+FoHINjcQIGYhDOwbk4H5fgUlyJ63E7ZuJFvIrXMA8LEbTi/EWEGAkKNMI62ACN0Qxt0BdH"
    "YgAG407chXsxFTPwZ63tTny2ox2641qMwmyc2prPczyICXgIkzEVz+I5vIjZSHbmPESJDdEJnbEXDsfRuA9fYAG+xgq0"
    "b8Ox4kj0w1EYgKNxDI7HCTgZg3EmhuBsnINhGI6rcDWuwz2YgWfwLF7ATLyCWfgAc7EI6+7C9Y0NsAlaYihG4Rbcijtw"
    "J+7BJDyERzAT72A5fsUfKNqSf1yBK3ENRuMdvIsP8BW+wea7ki88j2Q3YoHd0QF7ohO6oQd64jAMxJ24C/diKj7GJ/gc"
    "P+JPtGlHnHAWzsUIzMZa7YkpJuOb3fmMwyJ8jyX4ESvxN8IOtMfG2ASboRU6oTP2wuEYhvvwVK3tHrTFZmiFXhiG2fgQ"
    "c/ARPsZ8LMb3WIagI/fZ2BE7oxt64XrU25O5GWuiCQbiFbyKN/EpTCdiik74AguwEF/ia3yDb7EY32MZVuA3/I6/sLJT"
    "9R8HAtTDalgTTdAeu6MD9kQndEMP9MRhGIg7cRfuxVRMw2N4Em/gT6zVhXMP62F9bISN0QQtsB12RCccgCE4C+diBGZj"
    "SW1dV+Zq9MSxGIvJuKIb5xVewEy8jFfwBuZgLj7BEmy8FznDZmiFPjgCR+F0DMNIPIXf8Qf+Rv29yQ9GouU+3BdgH+yP"
    "fhiPi/blusG9eACPw+zHfIl56NWd+00cit7og344CSfjNFyEaXgMT+INrLU/n2m4FtfhJozBElxwAGNF64M4j7Ar9sVI"
    "zMKgg4lND86/nlwz+BLL0agXx4VGh/DZgrfxPhZim0P5u+Ew5hPMO5xzGB/jM8zHQizFMvwC35v9Y2fsin0xEpOwRh/O"
    "KTTElhiEbkdwv9GX8eEZvINGR3JuYRY+wGx8iLmYh4/wKT7DAizCd1iMH7AUP+Lnf/5DloVDA7TE9tgBO6E12qILumIf"
    "9MG1uA43YQyWoDiKeR71sDrWQAM0xqbYAq3REcfjBJyM4XilVt+f6wddcShuxT04ZwDXCx7FNDyB6ZiB1/A63sZ8rHE0"
    "MURDbInu2B8H42gMwiQsxvdYhuAY4ozL0ORY7luPY1y4BePxI1ocz/mFbicwv2Fv7IfuOAh9cSQGYDDGYhwmYgb8QM4/"
    "XIhLMQrzcfqJjAVNT+YeDM3RHpfhJfQbxN90p3K+4UN8g+w0jgfZ6Zx3eA4vYjY2PIO5Cw8P5njPZA7EW3gX72E2vsAC"
    "fI0VaDqEfaM52uMyjEZ0FucFUqyLfmg7lM/8sxkXpuB5ZOdwfmAhWg3jM/c85sLz+ZsHndELozH0As6Fi8nZZVzvVzD/"
    "XM1x41XMQ+MRzIG47zpidj3nO57FC5iJVzALH2AuFmH9G/iMxiZoiaFYjl/xB4obyQ+a3cT8O5L5F/diKv5Em5uJCYbd"
    "yjl/O3MrdkY3XI+BdzCnjGaOu5dz4X7Ov7HMN3gSb2CtcZz7GDmBueBhzq0Z5P4Fco+JmAE/k1zjspfJz5vEYi7XyS/E"
    "H82XE3N0xJ64ZgV5xjdYjO8x5TfijJfwMrLfucawGjbCxmiCzVYacyKG4QJciM5/E38cjt4YjftwPx7FNEzHD7b6fw6I"
    "4NAFe2Mf9EYf9EPj0JrNsQV2Qmu0xXkYjotwEx7IrPkBJqdPOLyKefgUn6FxQV/YAjuhNdrilHrWXIBLcClew1t4G59h"
    "PhbivtWsGYtxeALTMQO2vjUBPBoiXsuaRlgfG6Av+mMAzsBgDEWbta3ZDe2wH7rjINyMUbgdE/FFQ2u+wtf4FSvwJ9o1"
    "sqY9OuJgrLOONetiQzTHmbhlM2s+x49Yjl/x5ObWvIF38C7W2oLjxTrYCk3RDEdtZc3pGIKz8BSexXN4F+9hNkY2teZW"
    "3IYHMQGT8RN+xgqkW1vzWzNrsubW1MNqOAA90BPH4FgMxDYtrGmB7bA7OqATLscVGIG7MKulNXMwF99iEZZgu+2taYlW"
    "6Ix8B2sK1McmOA5n72LNVbgW12EW5mAuvsUiLMGkttY8jEfwAmbiFeS70ifqYxP0aGfNoTgMJ2AgBuERTMXjeBVXt+f4"
    "cT3uxXdY3NGapVgGuyfnEjy6ohv2xRHYtJM1TbAldsb5eL0LucQ7+BxbdbUm7GbNND/BT/SP+Wl+jNstesA9xu+don2j"
    "iX6SH+sm+cf5qa1rp3Vj3HLTzT7gOkd32v2isW6se5z2PaI+tO8Z/WiPiI6Ojokm+Yf8OFdTK5/QT62P9v/08avZiz66"
    "RHfZ7v/0McatMHtT95uZ4vaxo+3ddqzrFf1k+0Y/21/ssVGtp3HuCfZ1UjSYfZ0cdQrOjIZF57GvQVHnYEjUJegaDI8u"
    "iS6NLose8pP9eFezqhzvavvf/Z/9/272ZV9do3vs/tFkv+oI/jD7Ufun4fqy99r7OIJDouX2yOhXu8IeF0330zWeWjmd"
    "8Yxxf5n9ab/SBOYAe78dQ/u/TWgOtJF52D1gf7O/2z/sOHdK1C04K9or2Ds4P9on2DfYL7g8qo5ovJvgR0QjGc010a3B"
    "zdGd0V2M5trotmBUdHtwRzA6GhM9EI1lzw/566I7g1uiu4LRwd3R3cE9wb3BuGhS9FA0OZrCCKb4B13NqrL279p4O/wz"
    "XmMP4ki7RWPtAf/G29qDqQusMz3sODueo6+2PDT60/aL/rIr7fHRg25V3Me40PakfWS96WUftBNo72xsDrGJSc1EO8X/"
    "zelog3Hu1Kh7MDTaPzgguCA6MDgoODi4InrSVz+rxj3GeXsovcU2M4fZSfYhektsbg63hSnNZPukD4IwiIJarFNbz/S2"
    "q5n6Zopd3axhHnEu6BH0DHoFhwTj3fXRfcGt0f3BmOCe6IFgbDAuGB+NDx4MJgQTg4ejB/8Z0wQ/LZpBnB+LlgTPRC9F"
    "LxPnx6MfgmejpcGy4BXavRW9Hb3DefNE9GPwXPRT8HPwavRLsDz4NXg3mh19GM2J5jKKyX56tCJ4Pvot+D14Lfoj+DP4"
    "K3gvWhn8HZjQhrWI7/FPxDPbh/HtFT1sD/w34rk9grrCrmn62kfsVMZ8WOSDo6I4SIITonnRf2Jd2iNpWc+uZfrZR+00"
    "Wq5m1zZH2QamoXnMpkEW5ET60+iz6LTo0ODsaH50WHB4cGH0edQ76BMcEVwZfRH9J9b1bX96W902MgPs4/YJelvDrmOO"
    "tuua9cx0WwRlUE+RXtOub46xG5gNzZN2I7Ox2cSsFkzxfYMjg37BUcHDfoKrWVVOoO+H/Q3RpOC26KFgcnBvNCV4OKjV"
    "P0L5YDTBTQ0eDaYFj7HlI1G1xQT3b0Y4rrXssRzX2raxOc4+ZZ/muBrYTc3xtonZzMywD7r6werBGoyzod3cnGC3MFua"
    "Z+xWpqnZ2qxJn/2DAcHRwTFB7axqZLcxA+22ppl51jY3Lcx2Zq2gpdne7GCmumODp3z183jwRDA9eLL2Ox50T0ZB+EIU"
    "hlH4euRCH8bh+1ESpmEW5uFHURGWYb1wtbB+OMF/FS3h7Pk66hD+EC2PfuXs+SbaI1wadQz3DFdEK6O/I8M8923UKVwW"
    "dQ67hL9FXcNu4V6hdQsi72KXuJR5aFG0d/hjtE+4b/h7tF/YPdw/DNwB4YHhQeHBYeZWRaieW83Vd6uztIbmrI7/nFHr"
    "2BOJ1t7Rc/agf8+ode1J1K1ndzQn2+ftC0Tw8GjtoH/UIGgYDPznfJqgM2p9O4iWG9hW5hQ7075Iyw3tTuZU29rsbF6y"
    "jYJ1gnXJ9Th3enRccE50fHBCcFE0MDgx+C7qEf4UnRT0DHuFf0RXRYeEh4aHhaFbdXYdHvYO+4Rj3Eb2NPrf2LYxp9uX"
    "7Sv0f0S4id3FnGHbml3Nq3a9YP1gA51luWtsdzODbTvT3rxmdzcdzB5mw+DkYFBwSnBq0Dc8MuwXHhWOd/3DG6Ong9uj"
    "GcEzwX3Rs8FzwfPBhOiFYGbwYvAS+Zsarfnv2TTGbWrPZP9NbEczxL5u32D/m9k9zVm2k+ls3uRc2ijYONiEc2lz28UM"
    "tV1NN/OW3cvsbfYxjYPTgtODM4LBQQPX0DVy67jaGbWu28Lua862+5nu5m27vznAHGg2DQ4yB5sepqc5M1jPvRy8Erwa"
    "vBY84ie6mlVl7d+vB9VSbflBt2r5qWj1cGa0Rrhm+Ea0Vrh22CCcFU10DcNG4TrhuuHHEdeJXy9cP9wg3DDciJhuac9h"
    "TFvZXuZc+459lzE1tYeYYfZQc5h5zzYJNgs2Z0Rb28PNeba36WPet0eYvuZIs0WwMBoSnBUMDc7+9zjGYxtup4fbo0x/"
    "M8sOMEebY8yWwbHmOHO8OcGcQ8tVZ+AbwZvBW8HbXMXv1K5kt60daM63J5qTzAf2ZDPInGK2Ck41p5nTzRnmXMY/2Jxp"
    "hpizzKPuKf9u8LT/z8/G4SZh43DTsEm4Wbg4GhD+HB0dHhP+GR0bHhceH0buhHBgeGJ4Uli4p/3J4aDwlPDU8LRwgluL"
    "GXtDt7mb6DdyI8MtXDPXnL9ENnY3h1u6UeEtYQvXyu3kWnPNbeJuDbdyt4W3h9u5O8I7w7vCnd1urp1r73Z3p4dnhIPD"
    "M8PJfkjY2I0Om7q7w3vClu7e8L7w/rCNGxM+EI4Nx4Ud3FlhJ9fZdXFdXTc+OTd148Ot3YPhhHB7NzGcFD4U7uImh1PC"
    "h8NHwj3c+roq9/znqmxmLyBH+0Sz7cH/XpXN7YXUtbCT3UV2avho+KGdY6eFY13vqGkwINo62CZ4LDzxv8z229mLad/S"
    "DjWX2Ll2Hnne3p5tLrXnmHPN4+FHdtugWdCcTJ8RDQvOjc4LhgcXR+cHFwQXBlf/l1l+B3sZvexoh5nL7cf2E3ppZc8z"
    "V9jh5nyzl/vUtgi2C1r+cz7UrsOJbid7gbnSXmguMp/Zi80l5lKzPesvCi4OLgku5bP1pui94I7o/WBWcH/0QTA7+DCY"
    "yPm6r9vPdXdzgrnBvGB/91FwgHs0+s912NpexVHsbC8zV9v59nOOoo293IywV5grzYHuC67EHYIdg1aMZhd7lbnGXm1G"
    "mAX2GnOtuc7sFDRxT4TbuOnhk+EO7qnw6XBGeFlweXBF0NZdGTwTPhs+Fz7pn2duaGuvN9faG8yNZqG9yYw0N5uOrjXH"
    "PsrcYm41t5kXwpnhi+FL4VXBy+HHwSfBp8FnfGLMD/bmGJ+ONg9fjLYItwzfjLYKm4Zbhx9E24Tbhs3C5uEr4avha+Hr"
    "4SfRG2GLcLuwZbh9uANX4q72Oka1m73dXG+/tF8xqnb2DnODvdPcZd4Mv7Y7B22CXRhTezva3GjvNveYb+y95j5zv2kb"
    "fBldHYwIrgmuJaK72zHmJvuAGWu+tePMePOg2ZXrZYKZaCaZh8x1waor8PPgi2BBsJDfD3Jf6hrsYCebkXaKedgsso+Y"
    "qeZRs1swzTxmHjdPmB6up+vlDnHXB4e66eZJ85R52swwh3E1fhVM9ZNczaqy9u8dw1bhTmHrsPp9kts5nOoPd6t+a0P9"
    "99HQ8Jfo7PCc8K/o3HBYeF7o3PDw/PCC8ELalu6i8OLwkvDS8LJ/+5iAtcn/HvZmItXRPmNG2e/sYiK1p33W3GKfM88b"
    "+rXtgvbB7kSqk33B3GpnmhfNEvuSedm8YjoENwQ3BjcFI4PLwyvCK8OryPPVYWf7qrnNvmZeNz/YN8yb5i2zBzPO2+Yd"
    "8655z9wcjAi/Dr4Jvg0WMdLvggddF/u+ud3OMh+YpXa2+dDMMR2DuWae+ch8bFYd66hgA8pPzKfmMzPffE794n/nydrP"
    "LmHbcNdwt7Ado2sfdrVfmDvsArPQLLNfmq/M12bP4BvzrVlkvjO3sN1i871ZYn4wS80E932wzPxofjI/m1/MVD+NWW3G"
    "Pz+7h7XymvDa8Lrw+vCG8EZ+38y9FW7r3g7fCXd074bvhe+Hu7pZ4Qfh7PDDcE93UzgnnBvOCz8KPw73cZ+En4afhfPD"
    "z9lugu/jjmZuPMItCo9xJ7mTmRv7uu/CY93i8Pvwi3CQG+zOdEOYHY90S8Lj3A/h0vAUtyz8MfwpPMsNc+e54e58/h7p"
    "534Oj3e/hMvDU92v4Yrwt3Aoo/89/CP8M/wrvMBd4i51l7nL3cHuCmbFo9zK8AT3d2ii05yNgiiMznZR5CIfxdGCcGH4"
    "ZfhVeKH7OkyiNMqiPCqib8Ir3Qh3jbvWXeeud9+GN7j+rowGunrRatHprn60erRGdI5bM1orWjtqEF3kGkaNonWidaP1"
    "+CS8yq0fbRBtGG0UbRz1dptEq3J3o8qR7mY3yt3ibnW38dsA1zg60W0aNYnOcJtFm0dbROe6LaOtoqbR1tHF7na3TbRt"
    "1CxqHrWIrnbbRS2j7aMdoh3psVX0iL/J7RS1jnaO2kS7RG2jXaMZ/g53p7vLjXZ3u3vcve4+96h/SFaV//n3f136n5fv"
    "/19+r/1M9f9rTa3NM//bz3P+Mfe4e8JNd8/7J91T7mk3wz3jnnXPuefdC26me9G95F52r7gX/KvuNfe6e8O96d5yb7t3"
    "3LvuPfe+m+U+cLPdh26Om+vmuY/cx+4T96n7zM13n7sv3AK30H3pvnJfu2/ct26Rm+m/c4vd926J+8Etdcvcj+4n97P7"
    "xS13v7oV7jf3u/vD/en+civd38546wMfev6k9d7HPvGpz3zuC1/6en41X9+v7tfwa/q1/Nq+gW/oG/l1/Lp+Pb++38Bv"
    "6DfyG/tNfGO/qW/iN/Ob+y38ln4r39Rv7bfx2/pmvrl/0T/rW/jtfEu/vd/B7+hb+Z18a7+zb+N38W39rn43386397v7"
    "Dn4P39Hv6Tv5zr6L7+q7+b383n4fv6/fz3f3+/sD/IH+IH+w7+F7+l7+EH+oP8wf7nv7Pv4I39cf6fv5o3x/P8Af7Y/x"
    "x/rj/PH+BD/Qn+hP8if7Qf4Uf6o/zZ/uz/CD/Zl+iD/LD/Vn+3P8uX6YP88P9+f7C/yF/iJ/sb/EX+ov85f7K/yV/ip/"
    "tR/hr/HX+uv89f4Gf6O/yY/0N/tR/hZ/q7/N3+7v8Hf6u/xof7e/x9/r7/P3+zH+AT/Wj/Pj/YP+Jf8/AFa1/5M="
)


#: the shipped showing patterns: :func:`dump_showing` of :func:`build_showing`
_SHOWING: Final = (
    "eNrtfXXQZbfttmVJh9v6JmW8mzJvytykzMzMzMycMjMzM0PKzMzMzMztzwK/q53vnXfeTTrfXzcz+1hr655jkKVHPs7s"
    "VymlBJgaQkZsMob6LsgJaB9mwoaAiLUuC6CiyZCJmj4giWo2qDKajOGZGJ7ZxXcB78PM2FDey/Iu1vdycrm20hYi62sE"
    "ob611ilIf+S3AlD7U5+HClrj9Zm5vReQ5ZX63trI0n/rA8tr9F1Q6+tr9F2iU0ev9Rj6j6H/GPrZxTFCtw9zhw1lvJ2M"
    "sdPxdsnl2kpbiJ2Ot/PxdjLezsYrvxWQ8XYy3k7Hq08w7HgLsdMuCupzOClIDTkSgPSQqoz6TJZnss6JvIs7mxN5jYDK"
    "JDLJ2PWNqpO7ro0XsJOh6nhrpzqZZxt7J8PTMUKtl3nudJ6rTF5fddj7LzqynNb/TrqrfRb9uqqqg2GeMcwzhvnEMCdd"
    "XBfo92HusaGsUS/r0usa9cnl2kpbiL2uUe9r1Msa9bZG8lsBmc9e1qjXNdInGPa8hdjrGvW+Rr2skTRUoIbUizkq6jNl"
    "jXpbI3kX97ZG8hoBlWWNel0jfaNh320h9jpNfefv7ZKC1FBD6jt9b+fv7eS9psMNawWjIUFWW6oyaR866UOnayr97Hpb"
    "U+ln19uaShcFVGaRWdZLe6v6ue/bGgH2sjy6RnUie7ErW69elkTXBWq92FWvdlVl8vqqwz7noiN2ZXPeyxTrPIu+2JXq"
    "VP3O50p0xP5trnqZGp0fldnmQX5bd4DqY7ArDHaFwX4w2ACGdemiTcKwD/OADcU+B7HJQe1zSC7XVtpCHNQ+B7fPQexz"
    "MPuU3wrImg5in4Papz7BcOAtxEHtc3D7HMQ+paECNaRB7XNw+xQdAbFPeRcPZp/yGgGVxT4HtU99o+HQbSEOap+D2+cg"
    "9ikNFaghDWqfg9un6JDrcMNawRiQDLUPYp+D2af0sxvMPqWf3WD2KV0UUFnsc1D71N4aDv0W4qDLPPTe5z4pSA01pKHX"
    "Pvfe5176bDrcsFZobxuSofa5lz6bftewtnYYkAzJIr7IrP3vpf+92raMtx/MtmW8/WC2LePtB7NtGaqAyp3Indiqjlp/"
    "m4eh2SfgIKap9lmNaJC9abY6iDmqTUKtl7056N6sMnl91WG3N9GRvWn2Noh5qY2JvuxN1an6nduJ6MjeNDsZxCzUNlRm"
    "swH5rexN1a+/7X29REd8ka3XIMuja6Qy21qo3Nk8y3OqN9LfYtibGPYmhj2IYR9hsG0MNtPFPQ7jPswjNpT9PsoeH3W/"
    "j8nl2kpbiKPu99H3+yj7fbT9Lr8VEHsbZb+Put/1CYYjbyGOut9H3++j7HdpqEANadT9Pvp+Fx0B2e/yLh5tv8trBFSW"
    "/T7qftc3Go7dFuKo+330/T7KfpeGCtSQRt3vo+930SHX4Ya1gjEgGWofZL+Ptt+ln91o+1362Y2236WLAirLfh91v2tv"
    "Dcd+C3HU/T76fh9lv0tDBWpIo+730fe76JDrcMNaob1tSIbaZ9nvrt81rK0dBqSAbKj9l/0+2n6X8faj7XcZbz/afpfx"
    "9qPtdxmqgMqy30fd7zpqw3HYQhzV3MfBxz4kBamhhjQOOvbBxz7I2E2HG9YKHXVDMtSxDzJ20+8a1lYddUMKyIY69kHG"
    "br/tG9bWHgNSQDYky1ZE7nQeBpmHQf2GzOEwmt+QORxG8xsyh8NofkPmcBjNb8j0Cajci9zL3teZ1OfkcWz7HXCUra77"
    "vW7KUfyn7f1Rtrfucaj14j9H9Z9VJq+vOuz7V3TEf9r+HWW76p4VffGfqlP1O993oiP+0/bdKNtM95rKbHtKfiv+U/Xr"
    "b3u3f9ER/2n2P4q5q82rzGbbKndmt/Ic8Z/62/qcwW1JdCQGmS2NYjpqPyqz2YnKndmAyr2tqTyzRiF9Dgb/icF/YvCT"
    "GHwdBv+DYV9jsPMu+mSY9mGesKH450l88qT+eUou11baQpzUP0/unyfxz5P5Z/mtgOyRSfzzpP5Zn2A48RbipP55cv88"
    "iX+WhgrUkCb1z5P7Z9EREP8s7+LJ/LO8RkBl8c+T+md9o+HUbSFO6p8n98+T+GdpqEANaVL/PLl/Fh1yHW5YKxgDkqH2"
    "QfzzZP5Z+tlN5p+ln91k/lm6KKCy+OdJ/bP21nDqtxAn9c+T++dJ/LM0VKCGNKl/ntw/iw65DjesFdrbhmSofRb/7Ppd"
    "w9raYUAKyIbaf/HPk/lnGW8/mX+W8faT+WcZbz+Zf5ahCqgs/nlS/6yjNpyGLcRJ/fPk/nkS/ywNFaghTeqfJ/fPokOu"
    "ww1rhY66IRnq2MU/u37XsLbqqBtSQDbUsYt/9t/2DWtrjwEpIAfsDHUexD9P5p9lDofJ/LPM4TCZf5Y5HCbzzzKHw2T+"
    "WaZPQGXxz5P6Z51Jw2ncQpzUlUyjz+eYFKSGGtI06nyOPp+jzKfpcMNaoTPZkAx1PkeZT9PvGtZWncmGFJANdT5HmU/7"
    "bd+wtupMNqSAHLAz1PkcZT7tOUPD2jpgQArIATtDshMwkXud21HmdlSfL2s0TubzZY3GyXy+rNE4mc+XNRon8/myRuNk"
    "Pl+WR0DlQeRBfLWulD4zT1Pzz4CTuGb1z9WJThJPzVdP4o7VJ0Otl3g6aTytMnl91WH3t6Ij8dT87STuVX2s6Es8VZ2q"
    "37mfFB2Jp+YnJ3GL6htVZvOB8luJp6pff9u7vxIdiafmryZxT+qjVGbzRSp35mfkORJP9bf1OYPvfdGReGp7f5Ktrvtd"
    "ZbZ9rXJne1bl3vagPFPiqT6nPnN0+xcd4Txm/5OYu9q8ymy2rXJndqtyb3ao8mC2JM+vrEefiSGeYoinGOImhtiHIR5h"
    "8PMY/B6GPdvFeA3zPswzNpTYPUu8njV2z8nl2kpbiLPG7tlj9yyxe7bYLb8VkP0+S+yeNXbrEwxn3kKcNXbPHrtnid3S"
    "UIEa0qyxe/bYLToCErvlXTxb7JbXCKgssXvW2K1vNJy7LcRZY/fssXuW2C0NFaghzRq7Z4/dokOuww1rBWNAMtQ+SOye"
    "LXZLP7vZYrf0s5stdksXBVSW2D1r7NbeGs79FuKssXv22D1L7JaGCtSQZo3ds8du0SHX4Ya1QnvbkAy1zxK7Xb9rWFs7"
    "DEgB2VD7L7F7ttgt4+1ni90y3n622C3j7WeL3TJUAZUlds8au3XUhvOwhThr7J49ds8Su6WhAjWkWWP37LFbdMh1uGGt"
    "0FE3JEMdu8Ru1+8a1lYddUMKyIY6dond/tu+YW3tMSAF5ICdoc6DxO7ZYrfM4TBb7JY5HGaL3TKHw2yxW+ZwmC12y/QJ"
    "qCyxe9bYrTNpOI9biLPG7tlj9yyxWxoqUEOaNXbPHrtFh1yHG9YKncmGZKjzKbHb9buGtVVnsiEFZEOdT4nd/tu+YW3V"
    "mWxIATlgZ6jzKbHbnzM0rK0DBqSAHLAL2Bvq3Ersni12yxqNs8VuWaNxttgtazTOFrtljcbZYres0Thb7JblEVBZYves"
    "sVtXynCethBnDQPz5Os1JQWpoYY0T7pek6/XJOtlOtywVuhKNSRDXa9J1sv0u4a1VVeqIQVkQ12vSdbLfts3rK26Ug0p"
    "IAfsDHW9Jlkve87QsLbqSjWkgBywC9gb6npNsl72zLFhbR0xIAXkgF3A3pDsS5nIg67dJGs3KTcQe5hm4wZiD9Ns3EDs"
    "YZqNG4g9TLNxA7GHaTZuIPYwzcYNxBQEVB5FHiWOq1Xo8/M8t9gNOEvY1thdA+wsvM7i+CyhWuM11HrhdbPyuiqT11cd"
    "9lgsOsLrLBbPEno1/oq+8DrVqfqdx1DREV5nMXSWkKlxU2W2+Ci/FV6n+vW3vccy0RFeZ7FsltCl8UtltjilcmcxSJ4j"
    "vE5/W58zeFwQHeF1FhdmCQMaC1Rm8/kqd+bPVe7NP8szhdfpc+ozR/eNoiO8znzjLK5Q/aHKbH5P5c58msq9+SiVB/Mz"
    "8nzhdfrM+vzJ97LoCM+3vTzL1tX9qzLbPlW5sz2ocm97SuXB9oXKo9mzvKsyfX0+Bl6Hgddh4G8YOBgGXoSBb2CIvxhi"
    "Bwa/1EUOCcs+zAs2FD65CIdclE8uyeXaSluIi/LJxfnkInxyMT4pvxUQn7YIn1yUT+oTDBfeQlyUTy7OJxfhk9JQgRxJ"
    "P+8nqnRy0WcKn1yMT8q7eDE+Ka8RUFn45KJ8Ut9ouHRbiIvyycX55CJ8UhoqUENalE8uzidFh1yHG9YKxoBkqH0QPrkY"
    "n5R+dovxSelntxiflC4KqCx8clE+qb01XPotxEX55OJ8chE+KQ0VqCEtyicX55OiQ67DDWuF9rYhGWqfhU+6ftewtnYY"
    "kAKyofZf+ORifFLG2y/GJ2W8/WJ8UsbbL8YnZagCKgufXJRP6qgNl2ELcVE+uTifXIRPSkMFakiL8snF+aTokOtww1qh"
    "o25Ihjp24ZOu3zWsrTrqhhSQDXXswif9t33D2tpjQArIATtDnQfhk4vxSZnDYTE+KXM4LMYnZQ6HxfikzOGwGJ+U6RNQ"
    "WfjkonxSZ9JwGbcQF+WTi/PJRfikNFSghrQon1ycT4oOuQ43rBU6kw3JUOdT+KTrdw1rq85kQwrIhjqfwif9t33D2qoz"
    "2ZACcsDOUOdT+KQ/Z2hYWwcMSAE5YBewN9S5FT65GJ+UNRoX45OyRuNifFLWaFyMT8oajYvxSVmjcTE+KcsjoLLwyUX5"
    "pK6U4TJtIS7KJxfnk4vwSWmoQA1pUT65OJ8UHXIdblgrdKUakqGul/BJ1+8a1lZdqYYUkA11vYRP+m/7hrVVV6ohBeSA"
    "naGul/BJf87QsLbqSjWkgBywC9gb6noJn/Rnjg1r64gBKSAH7AL2AQdDXTvhk4vxSbGHaTE+KfYwLcYnxR6mxfik2MO0"
    "GJ8Ue5gW45NiD9NifFJMQUBl4ZOL8km1CsNl3kJclC4ss9vGnBSkhhrSMqttzG4bs9iG6XDDWqFW0ZAM1TZmsQ3T7xrW"
    "VrWKhhSQDdU2ZrEN+23fsLaqVTSkgBywM1TbmMU27DlDw9qqVtGQAnLALmBvqLYxi23YM8eGtVWtoiEF5IBdwD7gYKi2"
    "MYtt2POnhrV1woAUkAN2AfuAgyHZDSuRR7WTWexkVu4qdjgvxl3FDufFuKvY4bwYdxU7nBfjrmKH82LcVexwXoy7ih3O"
    "i3FXMUEBlSeRJ+GWao36rrwsjU8CLkIllU9W0rdIjmPcchH6qBwSar3kOIvmOFUmr6867PxQdCTHMX64CB1UTij6kuOo"
    "TtXvnNeJjuQ4xusWoXHK5VRm42zyW8lxVL/+tnd+JTqS4xi/WoROKadSmY07qdwZL5LnSI6jv63PGZyriI7kOMZVFqEm"
    "yk9UZuMhKnfGMVTujTPIMyXH0efUZ44er0VHchyL14uEZ43RKrPFYpU7i7Mq9xY3VR4s9snzJcfRZ9bnTx5fREdyHIsv"
    "i4QTjSkqs8UOlTuLCyr35udVHsxXqzyaj5V3SY6jz6/vmt1fiY7k2uavFnFP6qNUZvNFKnfmZ1TuzW+oPNjeV3m0Pavy"
    "ZPtL3luzbX0XhhwHQ46DIZfBkI9gyBEwcG8MXBQDj8IQozH45C68tw/3kzncg+VwN5XDHdQ+3EHlcC+Rw11BDncCOdwJ"
    "5HA3j8MdPA538DjcteNw164Pd+043I/icGeJw90kDneTONwR4nAXiMNdIA53fjjc+eFw54fDfRsO92o43KvhcH+Gw/0Z"
    "DvdnONyT4XBPhsM9mT7ck+Fw34DDHQAO3/o5fOvn8M2dw7d1Dt/WOXxD5/ANncM3dA7frzl8p+bwnZrD92gO36M5fI/m"
    "8N2Zw3dnDt+dOXx35vCdl8P3XA7fczl8t+Xw3ZbDd1sO32c5fJ/l8H2Ww/dZDt9hOXyH5fAdlsN32D58h+XwXYnDtx4O"
    "33Q4fNPh8G2FwzcUDt9QOHwr4fCthMO3Eg7fKTh8j+DwPYLDdwcO3x04fHfg8H2Bw/cFDt8XOHxf4HCez+HcnsO5PYfz"
    "eQ7n8xzO5zmcw3M4h+dwDs/hHJ7DeTuH83YO5+0czts5nLdzONPmcHbN4eyawxk1hzNqDmfUHM6iOZxFcziL5nAWzeHM"
    "mcOZM4czZw5nzhzOnDmcLXM4W+ZwtszhbJnD2fIQzpb7cE7F4eyIwxkRhzMiDmc1HM5kOJzJcDh74XD2wuHshcO5B4fz"
    "DQ7nGxzOMTicY3A4x+BwXsHhvILDeQWH8woO5wMczgE4nANwyPc55Psc8n0OeT2HvJ5DXs8hr+eQv3PI3znk7xzydw75"
    "O4ccmUMuzCEX5pDzcsh5OeS8HHJbDrkth9yWQ27LIYflkMNyyGE55LAcclgOuSqHXJVDrsohV+WQq3LIVTnkgBxyPQ65"
    "HoecjkNOxyGn45C7ccjdOORuHHI3DjkahxyNQ47GIUfjkKNxyMU45GIccjEOuRiHXIxDLsYh5+KQc3HIuTjkXBxyLg45"
    "1xByrr5mt5hBeV2VWeTeZRK5cxnBeB1n1ZcZqbLqDy6LvoxWZQTjY4yqL1tN3ILIo8uiL6atMoLxGSbVFz4jrkPkyWXR"
    "l/irMoLFVvnfBLV+kP9pSPVnl0VffKPKCObr9PHu6+qcib74uirrbzuXSefEZdT5qa6J9bdih4N2x9Zl0O743IqcbW6P"
    "FGpWkv239nKvl4d5mczhpuLl2su9Xqbs7V6uvUzo9V4m8tJfWLxce7m3dWTl7V6uvUwHeb2X6eD9O168XLeB7PF6L9Mh"
    "+w+wtIEeuv2Ai5drL/e2iQBv93LtZcpe72XNivabuOLluk3kyuu9TAftP8GlTfSe7Se8eLluCwBe72XK+y9MaQu02n6h"
    "Slsw2HnhipdrL/e2BQVv93LtZcpe72XC/Q2geLluBrHyei/TQfsbSmkGs2d7wylerpshgdd7mfL+Blaaoa22N7jSDA92"
    "NsDi5boZJHi9lynvb6ilGexqe8MtzYBhZ0MuzaBhd4ZdvFx7ubcZPHi7l2svq3mBmxG4uey3QYqX67ZhVl7vZZ2+/TZS"
    "aRtqz/Ybq3i5bhsNvN7Lus/224ClbcTV9huytI0JO2/Q4uW6bVjwei+rHe+3kUvb0KvtN3ZpGxx23uilbXjY3cYvXq6b"
    "IwCv97Lifg6iNEex2t5hlOY4YGcHUpojgd05lNIcCxyYgylerr3c2xwPeLuXay/raIr3svjb93NUxct1c1wrr/ey2ud+"
    "Dq00x7ZnewdXvFw3hwde72U1t/0cYWkOcbW9YyzNQcLOjrJ4uW6OE7zey/qY/RxqaY51tb2DLc3Rws4OtzTHC7tzwMXL"
    "dXPI4PVe1vXaz1GX5rBX2zvu0hw47OzIS3PosDvHXpqDhwNz9MXLdXP84PVe1vHtFxBKCwyr7QNEaYECdg4YpQUO2F0A"
    "KS2QwIEFlNICCxy1AFO8XHu5twUe8HYv116KNwL3MuDeIwaq4uW6Ba6V13spqxYDWmmBbc/2Aa54uW4BD7zeSwkXMRCW"
    "FhBX2wfG0gIk7Bwoi5frFjjB670UNxADammBdbV9gC0t0MLOAbe0wAu7C8DFy3ULyOD1XspwY6AuLWCvtg/cpQVw2DmQ"
    "lxbQYXeBvbQADwcW6IuX6xb4weu9lHgSCUFpxGC1PUEojSjAzoShNOIAuyMQpREJODBCURqxgKNGMIqX60Y4wOu9FIhE"
    "pDRCstqemJRGUGBnolIaYYHdEZfSCAwcGJEpjdDAUSM2pREcOHpEp/1Ze7m3ESDwNi/XXsrgiw+ieGciYSperhuBWnm9"
    "l+InI7EqjWDt2Z5oFS/XjXiB13spuy0SstKI2Wp7glYaUYOdCVvxct0IHHi9l+InI7ErjeCttid6pRE+2Jn4lUYAYXdE"
    "sHi5bsQQvN5L8ZORMJZGHFfbE8jSiCTsTChLI5awO4JZGtGEAyOcxct1I6Dg9V7KckZiWhpBXW1PVEsjrLAzcS2NwMLu"
    "iGxphBYOjNiWRnDhqBHd4uW6EV/wei9lv0ZCXBoxXm1PkEsjyrAzYS6NOMPuCHRpRBoOjFCXRqzhqBHs0og2HD3C3Xxk"
    "+yPPW/s8r32eIzEvjaCvtifqpRF22Jm4l0bgYXdEvjRCDwdG7Esj+HDUiH5phB+OHvFvMUie879IBEpYq61nwr4/xct1"
    "q8te76UG0ZBQFC/XLcFYeb2Xakwh8SgtAdmzfSJSvFy3xAS83ktlkyFhKS1xWW2fwJSWyMDOCU3xct0SHPB6L9U7h8Sn"
    "tARotX0iVFpCBDsnRqUlSLC7RKl4uW6JE3i9l5r2hISqtMRqtX2CVVqiBTsnXKUlXrC7BKy0RAwOLCErXq5bggZe76XS"
    "lZC4lZbArbZP5EpL6GDnxK60BA92l+iVlvDBgSV+pSWAcNQSweLluiWG4PVeqrmHhLG0xHG1fQJZWiIJOyeUpSWWsLsE"
    "s7REEw4s4Swt8YSjloCWlojC0UtIS4hlJfjG9kd5f0hcS0tgV9snsqUltLBzYltaggu7S3RLS3jhwBLf0hJgOGqJcGkJ"
    "MRy9xLjlUlsx52gmyiVyj7wvhrU12/rjCXVpifVq+wS7tEQbdk64S0u8YXcJeGmJOBxYQl5aYg5HLUEvLVGHo5ewt5x3"
    "ixsczQS+5c5bHONoJvTFjbKsWnbmLL2x6NWqkWePbu7lmhda+d99l5W2a1Ztl/ouAC+LlZbGFk8Ti6eBxdPA4ulV8fSp"
    "ePpUPD0qnh4VT4+KpxvF04ni6UTxdKF4ulA8XSieDhRPB4qnA8XTgeI0pHiYLx7Gi4fx4uGxePgrHv6Kh7fi4a14eCse"
    "LoqHg+LhoLi7L+7ui7v74m8u7s6Lu/Pi7ry4Wyzu9oq7veJurbhbK+7Wio+guNsq7raKu63iIyvuloq7peJuqbhbarPW"
    "etee2n5d/Jyj+LlG8XON4ucYxc8xip9jFD9vKH6+UPx8ofh5QvHzhOLnCfveYOcHxc8Pip8fFM/vi+fzxfP54vl78fy9"
    "eP6+r6eWrxfP14vn6/tGYPl58fy8eH5ePD8vnjcXz5OL58nF8+LieXHxvHjfjFgeXDwPLp4H75spy3uL573F897iee++"
    "mbQ8t+zbWmrYxfPc4nmuJ8HgZAE8mIEHJfDTGfBTDPDTCfCsHTwbB8+uwdkuOCsEZ3vgLAic3YCzFdi34saPPbqCR0lw"
    "YwZfPPDJBP+LPa/480q0HOOjxflocT66z6KMfxbnn8X5p58wOocAe6+dZK3870rMivO+4rxvn4UazyvO84rzvH2Wa7yu"
    "OK8rzuv8JDJYtvG44BJ14/vJpJ+8gfezeD+L97N4P4v3s3g/S9gxW2tb2gncar+dZLyoOC8qzov85DLsNONBwWWrQ/GT"
    "TO9n3JHGe4JrVwfjJ5t+Euhlcf1c4xUlTl3q05DGNKU5LekY6ZjpWLp6B6WD07HTcdJx0/HS8dMJ0gnTidKJ00nSSdPJ"
    "agzfkw5JJ0+nSKdMp0qnTqdJp02nS6dPZ0hnTGdKZ645wqHpLOms6Wzp7Okc6ZzpXOnc6TzpvOl86fzpAumC6bB0eLpQ"
    "unC6SLpouli6eLpEumS6VLp0uky6bLpcuny6QrpiulK6crpKumq6Wrp6uka6ZrpWuna6Trpuul66frpBumG6Ubpxukm6"
    "abpZunm6RbplulW6dbpNum26Xbp9ukO6Y7pTunO6S7prulu6e7pHume6V7p3uk+6b7pfun96QHpgelB6cHpIOiI9ND0s"
    "PTw9Ij0yPSo9Oj0mPTY9Lj0+PSE9MT0pPTk9JT01PS09PT0jPTM9Kz07PSc9Nz0vPT+9IL0wvSi9OL0kvTS9LL08vSK9"
    "Mr0qvTq9Jr02vS69Pr0hvTG9Kb05vSW9Nb0tvT29Ix2Z3pneld6d3pPem96X3p8+kD6YPpQ+nD6SPpo+lj6ePpE+mT6V"
    "Pp0+kz6bPpc+n76Qvpi+lL6cvpK+mr6Wvp6+kb6ZvpW+nb6Tvpu+l76ffpB+mH6Ufpx+kn6afpZ+nn6Rfpl+lX6dfpN+"
    "m36Xfp/+kP6Y/pT+nP6S/pr+lv6e/pH+mf6V/p3+k/6ruyMDAgFDBz0MMMIEMyxwDDgmHKua4goOgoPh2HAcOC4cD44P"
    "J4ATwongxHASOCmcrFLfPXAInBxOAaeEU8Gp4TRwWjgdnB7OAGeEM8GZYS8cCmeBs8LZ4OxwDjgnnAvODeeB88L54Pxw"
    "AbggHAaHw4XgwnARuChcDC4Ol4BLwqXg0nAZuCxcDi4PV4ArwpXgynAVuCpcDa4O14BrwrXg2nAduC5cD64PN4Abwo3g"
    "xnATuCncDG4Ot4Bbwq3g1nAbuC3cDm4Pd4A7wp3gznAXuCvcDe4O94B7wr3g3nAfuC/cD+4PD4AHwoPgwfAQOAIeCg+D"
    "h8Mj4JHwKHg0PAYeC4+Dx8MT4InwJHgyPAWeCk+Dp8Mz4JnwLHg2PAeeC8+D58ML4IXwIngxvAReCi+Dl8Mr4JXwKng1"
    "vAZeC6+D18Mb4I3wJngzvAXeCm+Dt8M74Eh4J7wL3g3vgffC++D98AH4IHwIPgwfgY/Cx+Dj8An4JHwKPg2fgc/C5+Dz"
    "8AX4InwJvgxfga/C1+Dr8A34JnwLvg3fge/C9+D78AP4IfwIfgw/gZ/Cz+Dn8Av4JfwKfg2/gd/C7+D38Af4I/wJ/gx/"
    "gb/C3+Dv8A/4J/wL/g3/gf9K7plzxkyZc5f7POQxT3nOSz5GPmY+Vi55lQ/KB+dj5+Pk4+bj5ePnE+QT5hPlE+eT5JPm"
    "k+V13pMPySfPp8inzKfKp86nyafNp8unz2fIZ8xnymfOe/Oh+Sz5rPls+ez5HPmc+Vz53Pk8+bz5fPn8+QL5gvmwfHi+"
    "UL5wvki+aL5Yvni+RL5kvlS+dL5Mvmy+XL58vkK+Yr5SvnK+Sr5qvlq+er5Gvma+Vr52vk6+br5evn6+Qb5hvlG+cb5J"
    "vmm+Wb55vkW+Zb5VvnW+Tb5tvl2+fb5DvmO+U75zvku+a75bvnu+R75nvle+d75Pvm++X75/fkB+YH5QfnB+SD4iPzQ/"
    "LD88PyI/Mj8qPzo/Jj82Py4/Pj8hPzE/KT85PyU/NT8tPz0/Iz8zPys/Oz8nPzc/Lz8/vyC/ML8ovzi/JL80vyy/PL8i"
    "vzK/Kr86vya/Nr8uvz6/Ib8xvym/Ob8lvzW/Lb89vyMfmd+Z35Xfnd+T35vfl9+fP5A/mD+UP5w/kj+aP5Y/nj+RP5k/"
    "lT+dP5M/mz+XP5+/kL+Yv5S/nL+Sv5q/lr+ev5G/mb+Vv52/k7+bv5e/n3+Qf5h/lH+cf5J/mn+Wf55/kX+Zf5V/nX+T"
    "f5t/l3+f/5D/mP+U/5z/kv+a/5b/nv+R/5n/lf+d/5P/m+UfdMnyb7QgY4c9DjjihDMueAw8Jh4LC67wIDwYj43HwePi"
    "8fD4eAI8IZ4IT4wnwZPiyXCNe/AQPDmeAk+Jp8JT42nwtHg6PD2eAc+IZ8Iz4148FM+CZ8Wz4dnxHHhOPBeeG8+D58Xz"
    "4fnxAnhBPAwPxwvhhfEieFG8GF4cL4GXxEvhpfEyeFm8HF4er4BXxCvhlfEqeFW8Gl4dr4HXxGvhtfE6eF28Hl4fb4A3"
    "xBvhjfEmeFO8Gd4cb4G3xFvhrfE2eFu8Hd4e74B3xDvhnfEueFe8G94d74H3xHvhvfE+eF+8H94fH4APxAfhg/EheAQ+"
    "FB+GD8dH4CPxUfhofAw+Fh+Hj8cn4BPxSfhkfAo+FZ+GT8dn4DPxWfhsfA4+F5+Hz8cX4AvxRfhifAm+FF+GL8dX4Cvx"
    "VfhqfA2+Fl+Hr8c34BvxTfhmfAu+Fd+Gb8d34JH4TnwXvhvfg+/F9+H78QP4QfwQfhg/gh/Fj+HH8RP4SfwUfho/g5/F"
    "z+Hn8Qv4RfwSfhm/gl/Fr+HX8Rv4TfwWfhu/g9/F7+H38Qf4Q/wR/hh/gj/Fn+HP8Rf4S/wV/hp/g7/F3+Hv8Q/4R/wT"
    "/hn/gn/Fv+Hf8R/4T/wX/hv/g/+tgR8oE8q/ckMd9TTQSBPNtNAx6Jh0LCq0ooPoYDo2HYeOS8ej49MJ6IR0IjoxnYRO"
    "SiejNe2hQ+jkdAo6JZ2KTk2nodPS6ej0dAY6I52Jzkx76VA6C52VzkZnp3PQOelcdG46D52XzkfnpwvQBekwOpwuRBem"
    "i9BF6WJ0cboEXZIuRZemy9Bl6XJ0eboCXZGuRFemq9BV6Wp0dboGXZOuRdem69B16Xp0fboB3ZBuRDemm9BN6WZ0c7oF"
    "3ZJuRbem29Bt6XZ0e7oD3ZHuRHemu9Bd6W50d7oH3ZPuRfem+9B96X50f3oAPZAeRA+mh9AR9FB6GD2cHkGPpEfRo+kx"
    "9Fh6HD2enkBPpCfRk+kp9FR6Gj2dnkHPpGfRs+k59Fx6Hj2fXkAvpBfRi+kl9FJ6Gb2cXkGvpFfRq+k19Fp6Hb2e3kBv"
    "pDfRm+kt9FZ6G72d3kGbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sb"
    "e/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sbe/Sb"
    "e/Sbe/Sbe/Sbe/T/u3v0R9I76V30bnoP2T3695Lco38f/QnfTx+g//ce/QfDPfoP6T36D9NHdnmP/qPb3KP/mN+j/zh9"
    "4n9yj/6TO96j/9TWPfpP02fos/Q5+jx94f/TPfov7voe/ZfCPfov01fo/wChvPck"
)

#: a showing pattern: ``((category, key), the distinct ranks in order of significance)``
Entry = tuple[tuple[int, tuple[int, ...]], tuple[int, ...]]
#: the readings shipped: STUD40's, without and with gapped flush draws (Art 10 d)
_READINGS: Final = (False, True)


def build(rules: RankRules | None = None) -> tuple[tuple[Key, ...], HashTables]:
    """The keys and hash tables of ``rules`` (None: STUD40) built from the code (on a fresh
    copy of the rules, so a table primed or built already is not what is read)."""
    import dataclasses

    from croupier.rank.model import STUD40, HashTables

    fresh = dataclasses.replace(rules or STUD40, _cache={}, _lock=threading.RLock())
    return fresh.all_keys(), HashTables.build(fresh)


def _words(values: tuple[int, ...] | list[int], code: str) -> bytes:
    words = array.array(code, values)
    if sys.byteorder == "big":  # pragma: no cover - the data is little-endian
        words.byteswap()
    return words.tobytes()


def dump(keys: tuple[Key, ...], tables: HashTables) -> str:
    """The text of :data:`_DATA`: a header of counts, the keys' digits, the card values, the
    flush offsets and the table's non-zero slots with their strengths, as little-endian words."""
    slots = [i for i, v in enumerate(tables.table) if v]
    header = [
        len(keys),
        len(keys[0]),
        len(tables.card_value),
        len(tables.flush_offset),
        len(tables.table),
        len(slots),
        tables.flush_base,
        tables.size3_base,
    ]
    raw = b"".join(
        [
            _words(header, "I"),
            bytes([d for key in keys for d in key]),
            _words(tables.card_value, "I"),
            _words(tables.flush_offset, "I"),
            _words(slots, "I"),
            _words([tables.table[i] for i in slots], "H"),
        ]
    )
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def _read(raw: bytes, start: int, count: int, code: str) -> tuple[array.array[int], int]:
    words = array.array(code)
    end = start + count * words.itemsize
    words.frombytes(raw[start:end])
    if sys.byteorder == "big":  # pragma: no cover - the data is little-endian
        words.byteswap()
    return words, end


def load(data: str = _DATA) -> tuple[tuple[Key, ...], HashTables]:
    """The shipped keys and hash tables (the same values as :func:`build`)."""
    from croupier.rank.model import HashTables

    raw = zlib.decompress(base64.b64decode(data))
    header, at = _read(raw, 0, 8, "I")
    n_keys, width, n_cards, n_flush, size, n_slots, flush_base, size3_base = header
    # each key: its ``width`` digits (bytes), as a tuple
    keys = tuple(struct.iter_unpack(f"{width}B", raw[at : at + n_keys * width]))
    at += n_keys * width
    card_value, at = _read(raw, at, n_cards, "I")
    flush_offset, at = _read(raw, at, n_flush, "I")
    slots, at = _read(raw, at, n_slots, "I")
    strengths, at = _read(raw, at, n_slots, "H")
    table = [0] * size
    for slot, strength in zip(slots, strengths, strict=True):
        table[slot] = strength
    tables = HashTables(
        card_value=tuple(card_value),
        flush_offset=tuple(flush_offset),
        table=tuple(table),
        flush_base=flush_base,
        size3_base=size3_base,
    )
    return keys, tables


def build_showing() -> dict[bool, dict[int, Entry]]:
    """Every showing pattern of 1 to 4 up cards of the 40-card deck under STUD40, by reading
    (gapped flush draws or not) and by key (the cards' rank counts, four suited flagged: the
    tables' keys), worked out from the code on tables of their own (not the shared ones a
    prime filled)."""
    import itertools

    from croupier.cards import Deck
    from croupier.rank.model import STUD40
    from croupier.rank.showing import MaskPatterns

    cards = [c.code for c in Deck.STUD_40.cards]
    out: dict[bool, dict[int, Entry]] = {}
    for gapped in _READINGS:
        table = object.__new__(MaskPatterns)  # empty tables: every entry from the reference
        table.rules, table.gapped, table._found, table._other = STUD40, gapped, {}, {}
        for n in range(1, 5):
            for codes in itertools.combinations(cards, n):
                mask = 0
                for code in codes:
                    mask |= 1 << code
                table.entry(mask, n)
        out[gapped] = dict(sorted(table._found.items()))
    return out


#: a showing pattern's record in :data:`_SHOWING`: its category, its key's length and ranks
#: (five at most, zeros after), its order's length and ranks (four at most, zeros after)
_PATTERN: Final = struct.Struct("<BB5sB4s")


def dump_showing(entries: dict[bool, dict[int, Entry]]) -> str:
    """The text of :data:`_SHOWING`: the distinct patterns of both readings (their count, then
    each one's :data:`_PATTERN` record, in the order they first come), then for each reading its
    count, its keys (8 bytes each, little-endian) and each key's pattern (its index among the
    patterns, 2 bytes)."""
    index: dict[Entry, int] = {}
    for gapped in _READINGS:
        for entry in entries[gapped].values():
            index.setdefault(entry, len(index))
    raw = bytearray(len(index).to_bytes(4, "little"))
    for (category, ranks), order in index:
        raw += _PATTERN.pack(category, len(ranks), bytes(ranks), len(order), bytes(order))
    for gapped in _READINGS:
        found = entries[gapped]
        raw += len(found).to_bytes(4, "little")
        raw += b"".join(key.to_bytes(8, "little") for key in found)
        raw += b"".join(index[entry].to_bytes(2, "little") for entry in found.values())
    return base64.b64encode(zlib.compress(bytes(raw), 9)).decode("ascii")


def load_showing(data: str = _SHOWING) -> dict[bool, dict[int, Entry]]:
    """The shipped showing patterns (the same values as :func:`build_showing`; a pattern both
    readings give is one value, as :class:`~croupier.rank.showing.MaskPatterns` shares it)."""
    raw = zlib.decompress(base64.b64decode(data))
    count = int.from_bytes(raw[:4], "little")
    at = 4 + count * _PATTERN.size
    patterns = [
        ((category, tuple(ranks[:n_ranks])), tuple(order[:n_order]))
        for category, n_ranks, ranks, n_order, order in _PATTERN.iter_unpack(raw[4:at])
    ]
    out: dict[bool, dict[int, Entry]] = {}
    for gapped in _READINGS:
        count = int.from_bytes(raw[at : at + 4], "little")
        keys, at = _read(raw, at + 4, count, "Q")
        which, at = _read(raw, at, count, "H")
        out[gapped] = dict(zip(keys, map(patterns.__getitem__, which), strict=True))
    return out


_SHOWN: list[bool] = []


def prime_showing() -> None:
    """Fill STUD40's showing pattern tables (both readings) with the shipped patterns (once;
    an entry already worked out is kept)."""
    if _SHOWN:
        return
    with _LOCK:
        if not _SHOWN:
            from croupier.rank.model import STUD40
            from croupier.rank.showing import MaskPatterns

            for gapped, entries in load_showing().items():
                table = MaskPatterns(STUD40, gapped_flush_draws=gapped)._found
                if not table:
                    table.update(entries)  # what the loop below does to an empty table
                    continue
                for key, entry in entries.items():
                    table.setdefault(key, entry)
            _SHOWN.append(True)


def prime_ranking() -> None:
    """Give :data:`~croupier.rank.STUD40` the shipped keys and hash tables (loaded once; a
    table already built is kept: :meth:`~croupier.rank.model.RankRules.prime`)."""
    from croupier.rank.model import STUD40

    STUD40.prime(load)


def main() -> None:  # pragma: no cover - the generator, run by hand
    from pathlib import Path

    path = Path(__file__)
    for name, text in (("_DATA", dump(*build())), ("_SHOWING", dump_showing(build_showing()))):
        lines = "\n".join(f'    "{text[i : i + 92]}"' for i in range(0, len(text), 92))
        source = path.read_text()
        head, rest = source.split(f"{name}: Final = (\n", 1)
        _, tail = rest.split("\n)\n", 1)
        path.write_text(f"{head}{name}: Final = (\n{lines}\n)\n{tail}")
        print(f"wrote {name} in {path} ({len(text):,} characters)")


if __name__ == "__main__":  # pragma: no cover
    main()
