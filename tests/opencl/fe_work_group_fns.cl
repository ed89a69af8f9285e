//pass
//--local_size=64 --num_groups=8
// expect: drf — every work-item reaches the work-group functions; each writes its own cell
// cl-std: CL2.0
__kernel void normalise(__global float *x, __global int *rank)
{
    size_t gid = get_global_id(0);
    float total = work_group_reduce_add(x[gid]);
    float first = work_group_broadcast(x[gid], 0);
    rank[gid] = work_group_scan_exclusive_add(1) + work_group_all(total > 0.0f);
    x[gid] = (x[gid] - first) / total;
}
