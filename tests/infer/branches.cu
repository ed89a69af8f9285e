// switch, ?:, && and || (reads on the right happen only when needed); a
// variable assigned in a branch is merged with ?:.
__global__ void branchy(int *A, const int *B, int mode)
{
    int t = threadIdx.x;
    int idx = t;
    if (t >= 32)
        idx = t - 32;
    A[idx] = 0;
    switch (mode) {
    case 0:
        A[t] = 1;
        break;
    case 1:
    case 2:
        A[t + 1] = 2;
    default:
        A[t + 2] = 3;
    }
    if (t < 16 && B[t] > 0)
        A[t] = 4;
    A[t > 8 ? t : 8] = 5;
}
