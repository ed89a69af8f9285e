//pass
//--local_size=[16,16] --num_groups=[8,8]
// expect: drf — every work-item writes a constant to its own pixel (x, y) of dst
__kernel void k(write_only image2d_t dst)
{
  int x = get_global_id(0);
  int y = get_global_id(1);
  write_imagef(dst, (int2)(x, y), (float4)(0.0f, 0.0f, 0.0f, 1.0f));
}
