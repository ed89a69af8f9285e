//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — q.rows[0]: thread t writes q.rows[0][t + 1] while thread t + 1 reads q.rows[0][t + 1], with no barrier.
// Rows handed over as an array of pointers in a by-value struct; a shift along row 0.
struct Rows {
    int *rows[3];
};

__global__ void shiftRow(Rows q)
{
    int t = threadIdx.x;
    int v = q.rows[0][t];
    q.rows[0][t + 1] = v; // BUG: in place
}
