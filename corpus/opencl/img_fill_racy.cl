//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
// expect: racy — all work-items write dst pixel (0, 0), each with its own x as the red channel
__kernel void k(write_only image2d_t dst)
{
  int x = get_global_id(0);
  int y = get_global_id(1);
  write_imagef(dst, (int2)(0, 0), (float4)((float)x, 0.0f, 0.0f, 1.0f));
}
